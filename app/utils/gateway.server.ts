import type { AppLoadContext } from "@remix-run/node";
import { isEnvelope, isSuccessCode } from "../../protocol/envelope";
import { HEADERS, PLATFORM, WEBSITE } from "../../protocol/headers";
import { localeOrDefault } from "../../protocol/locales";

/** Loaders' calls take at most this long, so a slow gateway cannot hold a page render. */
const SSR_TIMEOUT_MS = 5_000;

export type GatewayResult<T> =
  | { ok: true; data: T }
  | { ok: false; code: string; msg: string; status: number };

/**
 * A loader's call to the gateway, on behalf of the browser that asked for the page: its cookies
 * and address go along, with the protocol's headers. Never throws for a gateway failure: the
 * page renders an error state instead.
 */
export async function callGateway<T>(
  context: Pick<AppLoadContext, "gatewayUrl">,
  request: Request,
  path: string,
  opts: { method?: "GET" | "POST"; body?: unknown; locale?: string } = {},
): Promise<GatewayResult<T>> {
  const method = opts.method ?? "POST";
  const locale = localeOrDefault(opts.locale);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    [HEADERS.website]: WEBSITE,
    [HEADERS.terminalType]: String(PLATFORM.web),
    [HEADERS.locale]: locale.key,
    [HEADERS.language]: String(locale.languageType),
    [HEADERS.traceId]: crypto.randomUUID().replace(/-/g, ""),
    [HEADERS.time]: String(Date.now()),
  };
  const cookie = request.headers.get("cookie");
  if (cookie) headers.cookie = cookie;
  const forwarded = request.headers.get("x-forwarded-for");
  if (forwarded) headers["x-forwarded-for"] = forwarded;
  try {
    const res = await fetch(new URL(path, context.gatewayUrl), {
      method,
      headers,
      body: method === "POST" ? JSON.stringify(opts.body ?? {}) : undefined,
      signal: AbortSignal.timeout(SSR_TIMEOUT_MS),
    });
    const payload: unknown = await res.json().catch(() => undefined);
    if (isEnvelope(payload)) {
      if (isSuccessCode(payload.code)) return { ok: true, data: payload.data as T };
      return { ok: false, code: payload.code, msg: payload.msg, status: res.status };
    }
    return { ok: false, code: "", msg: `Unexpected gateway answer (HTTP ${res.status})`, status: res.status };
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === "TimeoutError";
    return { ok: false, code: "", msg: timedOut ? "timeout exceeded" : "Network Error", status: 0 };
  }
}
