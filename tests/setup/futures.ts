import { MIX_PRIVATE } from "../../protocol/mix.ts";
import type { Client } from "../../gateway/exchange/testing/harness.ts";

/** A futures row as the gateway answers it (every value a string). */
export type Row = Record<string, string>;

/** The USDT-M BTCUSDT contract as a futures request names it. */
export const BTC_FUTURES = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" };

/** A futures order on BTCUSDT of `size`; `extra` adds fields or overrides the contract (another symbol or product type). */
export function futuresOrder(c: Client, side: string, size: string, orderType: "market" | "limit", extra: Record<string, unknown> = {}) {
  return c.post<{ orderId: string; clientOid: string }>(MIX_PRIVATE.placeOrder, { ...BTC_FUTURES, size, side, orderType, ...extra });
}

/** The user's open USDT-M positions (all-position). */
export async function futuresPositions(c: Client): Promise<Row[]> {
  return (await c.get<Row[]>(`${MIX_PRIVATE.allPosition}?productType=USDT-FUTURES&marginCoin=USDT`)).body.data;
}

/** One futures order's detail (order/detail) on BTCUSDT. */
export async function futuresDetail(c: Client, orderId: string): Promise<Row> {
  return (await c.get<Row>(`${MIX_PRIVATE.detail}?symbol=BTCUSDT&productType=USDT-FUTURES&orderId=${orderId}`)).body.data;
}
