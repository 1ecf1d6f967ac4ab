/**
 * The page's two stream connections: public market data, and the logged-in user's private
 * channels. In simulation mode both carry `?paptrading=1` (browsers cannot set headers on an
 * upgrade, docs/decisions/304). The private one logs in with the session's device-sign (decision 700).
 */
import { WS_PATHS, WS_SESSION_LOGIN_FIELDS } from "../../../protocol/bitget";
import { HEADERS } from "../../../protocol/headers";
import { browserHttp } from "~/lib/http/browser-client";
import { simulationFlag } from "~/lib/http/device-identity";
import { StreamClient } from "./stream-client";

let publicClient: StreamClient | undefined;
let privateClient: StreamClient | undefined;

/** The same-origin stream address for a page at `location`. */
export function streamUrl(path: string, location: Pick<Location, "protocol" | "host">, paper: boolean): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}${paper ? `?${HEADERS.paperTrading}=1` : ""}`;
}

const events = () => ({ online: window, visibility: document });

export function publicStream(): StreamClient {
  publicClient ??= new StreamClient({ url: () => streamUrl(WS_PATHS.public, window.location, simulationFlag.get()), events: events() });
  return publicClient;
}

/** The headers this session would sign `GET /v2/ws/private` with, or undefined without a session key. */
export async function sessionLoginArgs(): Promise<Record<string, string> | undefined> {
  const req = await browserHttp().prepare({ method: "GET", path: WS_PATHS.private });
  if (!req.headers[HEADERS.deviceSign]) return undefined;
  return Object.fromEntries(WS_SESSION_LOGIN_FIELDS.map((name) => [name, req.headers[name] ?? ""]));
}

export function privateStream(): StreamClient {
  privateClient ??= new StreamClient({
    url: () => streamUrl(WS_PATHS.private, window.location, simulationFlag.get()),
    login: sessionLoginArgs,
    events: events(),
  });
  return privateClient;
}
