import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { CODES } from "../../../protocol/codes";
import { PATHS } from "../../../protocol/paths";
import type { OutgoingRequest, RequestStep, ResponseAction, ResponseHandler } from "./types";

/** A session the page got from a refresh this recently that answers 00004 was ended on purpose, not idled out. */
export const REFRESH_SETTLE_MS = 60_000;

/**
 * Calls whose 00004 is an answer, not a call to send again: the session calls themselves, and
 * user info, which the page asks once per load to learn whether the session the server rendered
 * still lives (docs/decisions/504; the session-end flow excepts it too).
 */
const NOT_RETRIED: readonly string[] = [ACCOUNT_PATHS.refresh, PATHS.logout, PATHS.btapiLogout, PATHS.clearCookie, PATHS.userInfo];
const RETRY: ResponseAction = { retryWithHeaders: {} };

export interface SessionRefreshDeps {
  /** The page's session id now (the readable `bt_sid` cookie). */
  sessionId(): string | undefined;
  /** Posts the refresh through a client without handlers; its data names the new session. */
  refresh(): Promise<{ sessionId?: unknown } | undefined>;
  /** The page's signing pair now belongs to the new session too (the gateway carried its binding). */
  carryKey(from: string, to: string): Promise<void>;
  now?(): number;
}

/**
 * docs/protocol.md §7.3: a session ends after 2 hours idle while its refresh token lives 30 days.
 * When a call of the page's session answers `00004`, the page swaps the refresh token for a new
 * session once (calls failing together share it) and sends the call again; only when the refresh
 * is refused does the session-end flow (logout, clearCookie, reload) run. The step records which
 * session each call went out with, so a call that was in flight across a refresh is simply sent
 * again.
 */
export function sessionRefresh(deps: SessionRefreshDeps): { step: RequestStep; handler: ResponseHandler } {
  const now = deps.now ?? Date.now;
  const sentWith = new WeakMap<OutgoingRequest, string>();
  const refused = new Set<string>();
  const refreshedAt = new Map<string, number>();
  let running: { from: string; done: Promise<boolean> } | undefined;

  const refreshFrom = async (from: string): Promise<boolean> => {
    try {
      const data = await deps.refresh();
      const to = typeof data?.sessionId === "string" && data.sessionId ? data.sessionId : deps.sessionId();
      if (!to || to === from) return false;
      await deps.carryKey(from, to);
      refreshedAt.set(to, now());
      return true;
    } catch {
      return false;
    }
  };

  const step: RequestStep = (req) => {
    const sid = deps.sessionId();
    if (sid) sentWith.set(req, sid);
  };

  const handler: ResponseHandler = async ({ request, envelope }) => {
    if (envelope?.code !== CODES.sessionMissing) return undefined;
    if (NOT_RETRIED.includes(request.path.split("?")[0] ?? "")) return undefined;
    const from = sentWith.get(request);
    const current = deps.sessionId();
    // A guest, or a page that logged out meanwhile: nothing to refresh.
    if (!from || !current) return undefined;
    // Another call refreshed while this one was out: send it again with the session the page has now.
    if (current !== from) return RETRY;
    if (refused.has(from) || now() - (refreshedAt.get(from) ?? -Infinity) < REFRESH_SETTLE_MS) return undefined;
    if (running?.from !== from) running = { from, done: refreshFrom(from) };
    if (await running.done) return RETRY;
    refused.add(from);
    return undefined;
  };

  return { step, handler };
}
