import { CODES } from "../../../protocol/codes";
import { PATHS } from "../../../protocol/paths";
import type { ResponseHandler } from "./types";

export const SESSION_END_CODES: readonly string[] = [CODES.sessionMissing, CODES.sessionReplaced, CODES.accountFrozen];
/** Toasts and logouts are debounced 2 s (docs/product.md). */
export const LOGOUT_DEBOUNCE_MS = 2000;

export interface SessionEndDeps {
  /** Posts to a gateway path without going through the handlers again. */
  post(path: string): Promise<unknown>;
  reload(): void;
  /** Shows the reason once (a toast); optional. */
  notify?(message: string): void;
  now?(): number;
}

/**
 * docs/product.md session end: a session-end code from any call but user-info logs the user out
 * (logout, then clearCookie, which also drops the HttpOnly bt_rtoken), then reloads the page.
 * Several failing calls at once cause one logout.
 */
export function sessionEndHandler(deps: SessionEndDeps): ResponseHandler {
  const now = deps.now ?? Date.now;
  let lastAt = -Infinity;
  let running: Promise<void> | undefined;
  return async ({ request, envelope }) => {
    if (!envelope || !SESSION_END_CODES.includes(envelope.code)) return undefined;
    if (request.path.split("?")[0] === PATHS.userInfo) return undefined;
    if (running || now() - lastAt < LOGOUT_DEBOUNCE_MS) return undefined;
    lastAt = now();
    deps.notify?.(envelope.msg);
    running = (async () => {
      // Each step is best effort: a dead session may refuse the logout, the cookies still go.
      await deps.post(PATHS.logout).catch(() => undefined);
      await deps.post(PATHS.clearCookie).catch(() => undefined);
      deps.reload();
    })().finally(() => (running = undefined));
    await running;
    return undefined;
  };
}
