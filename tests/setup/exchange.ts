import { V2 } from "../../protocol/bitget.ts";
import { signRequest } from "../../gateway/security/api-keys.ts";
import type { Client } from "../../gateway/exchange/testing/harness.ts";

export type Placed = { orderId: string; clientOid: string };

/** A limit order at `price`: a buy of 0.01 BTCUSDT, good till cancelled, unless `extra` says otherwise (it adds or overrides fields). */
export function limitOrder(c: Client, price: string, extra: Record<string, unknown> = {}) {
  return c.post<Placed>(V2.placeOrder, { symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", price, size: "0.01", ...extra });
}

/** The private stream's API-key login message, signed as Bitget documents; `override` spoils a field on purpose. */
export function apiKeyLogin(
  key: { apiKey: string; passphrase: string; secretKey: string },
  ts: string,
  override: { passphrase?: string; sign?: string } = {},
) {
  return {
    op: "login",
    args: [
      {
        apiKey: key.apiKey,
        passphrase: override.passphrase ?? key.passphrase,
        timestamp: ts,
        sign: override.sign ?? signRequest(key.secretKey, ts, "GET", "/user/verify", ""),
      },
    ],
  };
}

/** The private stream's subscription to a user's orders (of `instId`) and balance (of `coin`), as Bitget documents it. */
export function ordersAndAccount(instId: string, coin: string) {
  return {
    op: "subscribe",
    args: [
      { instType: "SPOT", channel: "orders", instId },
      { instType: "SPOT", channel: "account", coin },
    ],
  };
}

/** The named optional fields, each sent as `""`, the way Bitget's SDKs send a field the caller left out. */
export function sentEmpty(...fields: string[]): Record<string, ""> {
  return Object.fromEntries(fields.map((f) => [f, ""]));
}
