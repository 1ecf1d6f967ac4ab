import type { IncomingMessage } from "node:http";
import { isCrossSiteWrite } from "../protocol/cross-site.ts";

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

/** A state-changing browser request made by another site's page (protocol/cross-site.ts), from Node's request. */
export function crossSiteWrite(req: IncomingMessage, ownHosts: readonly string[]): boolean {
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  return isCrossSiteWrite(
    {
      method: req.method ?? "GET",
      secFetchSite: one(req.headers["sec-fetch-site"]),
      origin: one(req.headers.origin),
      host: req.headers.host,
    },
    ownHosts,
  );
}
