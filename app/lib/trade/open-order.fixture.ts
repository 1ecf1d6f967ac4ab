import type { OpenOrder } from "./account-data";
import type { PlanOrder } from "./order-events";

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

/** A live-looking market plan to buy 100 USDT of BTC when it reaches 96000, its id, status and any other field as given. */
export const planOrder = (id: string, status: string, fields: Partial<PlanOrder> = {}): PlanOrder => ({
  orderId: id,
  clientOid: `p${id}`,
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "market",
  triggerPrice: "96000.00",
  executePrice: "0",
  size: "100",
  planType: "total",
  status,
  failReason: "",
  cTime: id,
  ...fields,
});
