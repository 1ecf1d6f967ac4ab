/** Bitget's private-stream login: sign = base64 HMAC-SHA256(secret, timestamp(s) + "GET" + "/user/verify"). */
import { WS_PATHS } from "../../../protocol/bitget.ts";
import type { Principal } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { lookupApiKey, safeEqual, signRequest, TIMESTAMP_WINDOW_MS } from "../auth/api-keys.ts";
import { error, send, type Conn } from "./connection.ts";
import { WS_ERRORS } from "./channels.ts";

export function login(db: Db, c: Conn, args: unknown): void {
  const a = (Array.isArray(args) ? args[0] : undefined) as { apiKey?: unknown; passphrase?: unknown; timestamp?: unknown; sign?: unknown } | undefined;
  if (!c.isPrivate) return error(c, WS_ERRORS.illegalRequest, `login is only on ${WS_PATHS.private}`);
  if (!a || typeof a.apiKey !== "string" || typeof a.passphrase !== "string" || typeof a.sign !== "string" || typeof a.timestamp !== "string") {
    return error(c, WS_ERRORS.paramError, "Param error: login needs apiKey, passphrase, timestamp and sign");
  }
  if (!/^\d{10}$/.test(a.timestamp)) return error(c, WS_ERRORS.invalidTimestamp, "Invalid ACCESS_TIMESTAMP");
  if (Math.abs(Number(a.timestamp) * 1000 - Date.now()) > TIMESTAMP_WINDOW_MS) return error(c, WS_ERRORS.timestampExpired, "Request timestamp expired");
  const found = lookupApiKey(db, a.apiKey);
  if (!found) return error(c, WS_ERRORS.invalidKey, "Invalid ACCESS_KEY");
  const row = found.row;
  if (!found.passphraseOk(a.passphrase)) return error(c, WS_ERRORS.invalidPassphrase, "Invalid ACCESS_PASSPHRASE");
  if (!safeEqual(signRequest(row.secret, a.timestamp, "GET", "/user/verify", ""), a.sign)) return error(c, WS_ERRORS.invalidSign, "Invalid signature");
  c.user = { userId: row.user_id, via: "apikey", permissions: row.permissions.split(",") as Principal["permissions"] };
  send(c, { event: "login", code: 0, msg: "" });
}

