import type { IncomingMessage } from "node:http";

/** Express's `trust proxy fn`: is the peer at `hop` (0 = this socket's) a proxy we trust? */
export type TrustFn = (address: string, hop: number) => boolean;

/**
 * The visitor's address (docs/decisions/010): the socket's peer, or, while that peer is a trusted
 * proxy, the address it names in X-Forwarded-For, hop by hop (Express's own `req.ip` reading).
 */
export function clientAddressOf(req: IncomingMessage, trust: TrustFn): string {
  let address = req.socket.remoteAddress ?? "";
  const header = req.headers["x-forwarded-for"];
  const chain = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  for (let hop = 0; hop < chain.length && trust(address, hop); hop++) address = chain[hop]!;
  return address;
}

/** A state-changing browser request made by another site's page (docs/decisions/010), or not. */
export function crossSiteWrite(req: IncomingMessage, ownHosts: readonly string[]): boolean {
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const site = req.headers["sec-fetch-site"];
  // Browsers say where a request comes from; `none` is the user's own action (address bar).
  if (typeof site === "string") return site !== "same-origin" && site !== "none";
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (!URL.canParse(origin)) return true;
  const host = new URL(origin).host;
  return host !== req.headers.host && !ownHosts.includes(host);
}
