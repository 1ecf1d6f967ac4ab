/**
 * Futures order construction (docs/decisions/317): the spot engine's order fields and the futures
 * ones in one literal, so every futures order has one shape from the start (adding eight fields
 * after the engine's literal grew its property store three times on the order path).
 */
import type { IdGen } from "../exchange/engine/order.ts";
import type { FxAccount, FxOrder } from "./ledger.ts";

/** What a caller sets on a new futures order: these fields of `FxOrder` (one declaration), and its account. */
export interface FxOrderInit
  extends Pick<
    FxOrder,
    | "env"
    | "userId"
    | "symbol"
    | "side"
    | "type"
    | "force"
    | "price"
    | "size"
    | "clientOid"
    | "source"
    | "tradeSide"
    | "posSide"
    | "reduceOnly"
    | "posMode"
    | "leverage"
    | "marginMode"
  > {
  /** The account it trades for, held so fills and cancels reach it without a lookup. */
  account: FxAccount;
}

export function newFxOrder(ids: IdGen, init: FxOrderInit, now: number): FxOrder {
  const seq = ids.next(now);
  return {
    id: ids.text(seq),
    seq,
    env: init.env,
    userId: init.userId,
    symbol: init.symbol,
    side: init.side,
    type: init.type,
    force: init.force,
    stp: "cancel_taker",
    price: init.price,
    size: init.size,
    quoteSize: 0n,
    filled: 0,
    filledQuote: 0n,
    fee: 0n,
    deductFee: 0n,
    frozen: 0n,
    status: "live",
    clientOid: init.clientOid,
    cTime: now,
    uTime: now,
    cancelReason: "",
    house: false,
    source: init.source,
    level: null,
    openPos: -1,
    prev: null,
    next: null,
    quoteBal: null,
    baseBal: null,
    rates: null,
    tradeSide: init.tradeSide,
    posSide: init.posSide,
    reduceOnly: init.reduceOnly,
    posMode: init.posMode,
    leverage: init.leverage,
    marginMode: init.marginMode,
    margin: 0n,
    profit: 0n,
    account: init.account,
    userPos: -1,
  };
}
