/** Who is calling a private endpoint: an API key (HMAC) or the web session (accounts module). */
import type { FastifyRequest } from "fastify";
import { API_KEY_HEADERS, EX_CODES } from "../../../protocol/bitget.ts";
import { HEADERS } from "../../../protocol/headers.ts";
import type { GatewayContext, Principal } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { GatewayError } from "../../envelope.ts";
import { lookupApiKey, safeEqual, signRequest, TIMESTAMP_WINDOW_MS } from "../auth/api-keys.ts";
import type { Env } from "../engine/types.ts";

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === "string" ? v : undefined;
}

export function envOf(req: FastifyRequest): Env {
  return header(req, HEADERS.paperTrading) === "1" ? "paper" : "live";
}

const deny = (code: string, msg: string, status = 401) => new GatewayError(code, msg, status);

export class Authenticator {
  constructor(
    private readonly db: Db,
    private readonly ctx: GatewayContext,
  ) {}

  /** Authenticates or throws a Bitget-coded envelope. */
  authenticate(req: FastifyRequest): Principal {
    const key = header(req, API_KEY_HEADERS.key);
    if (key === undefined) {
      const session = this.ctx.authenticateSession?.(req);
      if (session) return session;
      throw deny(EX_CODES.accessKeyEmpty, "ACCESS_KEY cannot be empty");
    }
    const sign = header(req, API_KEY_HEADERS.sign);
    if (!sign) throw deny(EX_CODES.accessSignEmpty, "ACCESS_SIGN cannot be empty");
    const passphrase = header(req, API_KEY_HEADERS.passphrase);
    if (!passphrase) throw deny(EX_CODES.passphraseEmpty, "ACCESS_PASSPHRASE cannot be empty");
    const ts = header(req, API_KEY_HEADERS.timestamp);
    if (!ts || !/^\d{13}$/.test(ts)) throw deny(EX_CODES.timestampInvalid, "Invalid ACCESS_TIMESTAMP");
    if (Math.abs(Number(ts) - Date.now()) > TIMESTAMP_WINDOW_MS) throw deny(EX_CODES.timestampExpired, "Request timestamp expired");
    const found = lookupApiKey(this.db, key);
    if (!found) throw deny(EX_CODES.accessKeyInvalid, "Invalid ACCESS_KEY");
    const row = found.row;
    const expected = signRequest(row.secret, ts, req.method, req.url, req.rawBody ?? "");
    if (!safeEqual(expected, sign)) throw deny(EX_CODES.signInvalid, "sign signature error");
    if (!found.passphraseOk(passphrase)) throw deny(EX_CODES.passphraseInvalid, "apikey/passphrase is incorrect");
    if (row.ip_allow) {
      const ips = row.ip_allow.split(",");
      if (!ips.includes(req.ip)) throw deny(EX_CODES.ipInvalid, `Invalid IP ${req.ip}`);
    }
    return { userId: row.user_id, via: "apikey", permissions: row.permissions.split(",") as Principal["permissions"] };
  }
}

export function requireTrade(p: Principal): void {
  if (!p.permissions.includes("trade")) throw new GatewayError(EX_CODES.permissionDenied, "Incorrect permissions", 403);
}
