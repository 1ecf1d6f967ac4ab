import type { AppLoadContext } from "@remix-run/node";
import { isEnvelope, isSuccessCode } from "../../protocol/envelope";
import { localeOrDefault } from "../../protocol/locales";
import { baseHeaders } from "~/lib/http/client";

/** Loaders' calls take at most this long, so a slow gateway cannot hold a page render. */
const SSR_TIMEOUT_MS = 5_000;

export type GatewayResult<T> = { ok: true; data: T } | { ok: false; code: string; msg: string; status: number };

/**
 * A loader's call to the gateway, on behalf of the browser that asked for the page: its cookies
 * and address go along, with the protocol's headers. Never throws for a gateway failure: the
 * page renders an error state instead.
 */
export async function callGateway<T>(
  context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">,
  request: Request,
  path: string,
  opts: { method?: "GET" | "POST"; body?: unknown; locale?: string; paperTrading?: boolean } = {},
): Promise<GatewayResult<T>> {
  const method = opts.method ?? "POST";
  const locale = localeOrDefault(opts.locale);
  // The browser's own headers (docs/protocol.md §3); the server has no device ids of its own.
  const headers = baseHeaders(
    { locale: locale.key, languageType: locale.languageType, terminalCode: "", deviceId: "", paperTrading: opts.paperTrading === true },
    crypto.randomUUID().replace(/-/g, ""),
    Date.now(),
  );
  const cookie = request.headers.get("cookie");
  if (cookie) headers.cookie = cookie;
  // The visitor's address as the web host read it, never a header the visitor sent (docs/decisions/010).
  Object.assign(headers, context.gatewayForward);
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
