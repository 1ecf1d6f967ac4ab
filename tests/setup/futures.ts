import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { FUTURES_AGREEMENT_VERSION, FUTURES_OPENING_PATH, FUTURES_QUIZ } from "../../protocol/futures-opening.ts";
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

/** The opening a trader sends after reading the agreement and answering the quiz right (docs/decisions/351). */
export const OPENING_BODY = {
  agreement: FUTURES_AGREEMENT_VERSION,
  answers: Object.fromEntries(FUTURES_QUIZ.map((q) => [q.id, q.answer])),
};

/**
 * Opens futures for the client's account through the gateway's opening endpoint, as the screen
 * does after the agreement and the quiz: live futures orders are refused until then. Answers `c`.
 */
export async function openFutures<C extends Client>(c: C): Promise<C> {
  const r = await c.post(FUTURES_OPENING_PATH, OPENING_BODY);
  if (r.body.code !== "00000") throw new Error(`opening futures failed: ${r.body.code} ${r.body.msg}`);
  return c;
}
