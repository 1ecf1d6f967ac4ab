import type { OpenOrder } from "./account-data";

/** A live-looking limit buy of 0.01 BTC at 1000 USDT for the tests, its id, status and any other field as given. */
export const openOrder = (id: string, status: OpenOrder["status"], fields: Partial<OpenOrder> = {}): OpenOrder => ({
  orderId: id,
  clientOid: `c${id}`,
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  priceAvg: "1000.00",
  size: "0.01",
  baseVolume: "0",
  status,
  cTime: id,
  ...fields,
});
