import type { OrderType, Side } from "../../../protocol/bitget";
import type { Async } from "~/lib/async-state";
import type { Fill, OpenOrder } from "./account-data";

/** A resting order of the futures or margin screen, with its limit price under `price`. */
export interface RestingOrder {
  orderId: string;
  clientOid: string;
  symbol: string;
  side: Side;
  orderType: OrderType;
  price: string;
  size: string;
  cTime: string;
}

/** The account as the chart reads it (the spot shape), always ready. */
export interface ChartAccount {
  openOrders: { state: "ready"; data: OpenOrder[] };
  fills: { state: "ready"; data: Fill[] };
}

/**
 * What the shared chart and book read of an account (the spot shape), from another screen's open
 * orders: a futures or margin limit order is the same line. `filled` names the screen's own field.
 */
export function chartAccountOf<T extends RestingOrder>(orders: Async<readonly T[]>, filled: (o: T) => string): ChartAccount {
  const open: OpenOrder[] =
    orders.state === "ready"
      ? orders.data.map((o) => ({
          orderId: o.orderId,
          clientOid: o.clientOid,
          symbol: o.symbol,
          side: o.side,
          orderType: o.orderType,
          priceAvg: o.price,
          size: o.size,
          baseVolume: filled(o),
          status: "live",
          cTime: o.cTime,
        }))
      : [];
  return { openOrders: { state: "ready", data: open }, fills: { state: "ready", data: [] } };
}
