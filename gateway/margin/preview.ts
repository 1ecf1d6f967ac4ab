/**
 * The risk preview (docs/decisions/340): what an order or a borrow would leave a margin account
 * with, by the same checks place-order and borrow make, without doing anything. The margin screen
 * shows it before the trader confirms.
 */
import { MARGIN_CODES, type LoanType } from "../../protocol/margin.ts";
import { GatewayError } from "../envelope.ts";
import { IdGen } from "../exchange/engine/order.ts";
import { EngineError, type Env } from "../exchange/engine/types.ts";
import { units, price } from "../exchange/format.ts";
import { instrument } from "../exchange/instruments.ts";
import { toOrder, type PlaceOrderBody } from "../exchange/order-request.ts";
import type { MarginAccountRef } from "./accounts.ts";
import { risk } from "./format.ts";
import type { Margin } from "./margin.ts";
import type { AccountDelta } from "./service.ts";

export type PreviewAction = { kind: "order"; body: PlaceOrderBody; loanType: LoanType } | { kind: "borrow"; coin: string; amount: bigint };

export function riskPreview(m: Margin, env: Env, ref: MarginAccountRef, action: PreviewAction) {
  const svc = m.svc;
  const cfg = svc.config;
  let delta: AccountDelta = { held: new Map(), owed: new Map() };
  let refusal: { code: string; msg: string } | undefined;
  let borrowCoin = "";
  let borrow = 0n;
  let fill = { base: 0n, quote: 0n };
  let protection = "";
  const refuse = (f: () => void) => {
    try {
      f();
    } catch (err) {
      if (!(err instanceof EngineError) && !(err instanceof GatewayError)) throw err;
      refusal ??= { code: err.code, msg: err.message };
    }
  };
  if (action.kind === "borrow") {
    svc.checkCoin(ref, action.coin, true);
    borrowCoin = action.coin;
    borrow = action.amount;
    delta = svc.loanDelta(action.coin, action.amount);
    refuse(() => {
      svc.checkNotLiquidating(env, ref);
      if (action.amount > svc.maxBorrowable(env, ref, action.coin))
        throw new EngineError(MARGIN_CODES.borrowExceeds, "The borrowing amount exceeds the maximum borrowable amount");
    });
  } else {
    // parameters are checked as place-order checks them (a bad one is an envelope error, not a preview)
    const order = toOrder(new IdGen(), env, svc.key(ref), action.body, "WEB");
    refuse(() => {
      svc.checkNotLiquidating(env, ref);
      const a = m.orders.assess(env, ref, order, action.loanType);
      delta = a.delta;
      borrowCoin = a.borrow > 0n ? a.borrowCoin : "";
      borrow = a.borrow;
      fill = a.fill;
    });
    if (order.type === "market" && order.price > 0) protection = price(instrument(order.symbol)!, order.price);
  }
  const now = svc.state(env, ref);
  const after = svc.state(env, ref, delta);
  if (!refusal) refuse(() => svc.checkRiskAfter(env, ref, delta));
  const r = after.risk;
  const level = r === undefined || r >= cfg.warningRatio ? "safe" : r >= cfg.liquidationRatio ? "warning" : "liquidation";
  return {
    symbol: ref.symbol || (action.kind === "order" ? (instrument(action.body.symbol ?? "")?.symbol ?? "") : ""),
    riskRateRatio: risk(now.risk),
    afterRiskRateRatio: risk(r),
    warningRiskRatio: risk(cfg.warningRatio),
    liquidationRiskRatio: risk(cfg.liquidationRatio),
    level,
    accepted: refusal === undefined,
    ...(refusal ? { refuseCode: refusal.code, refuseMsg: refusal.msg } : {}),
    borrowCoin,
    borrowAmount: units(borrow),
    fillBaseSize: units(fill.base),
    fillQuoteAmount: units(fill.quote),
    protectionPrice: protection,
  };
}
