/** Margin records as Bitget v2 margin JSON: decimal strings and Bitget's field names (docs/decisions/320). */
import type { LoanType } from "../../protocol/margin.ts";
import { formatScaled } from "../exchange/decimal.ts";
import type { Order } from "../exchange/engine/types.ts";
import { lots, price, units } from "../exchange/format.ts";
import { instrument, notional, type Instrument } from "../exchange/instruments.ts";
import { RATE_SCALE } from "./config.ts";
import type { CoinState } from "./service.ts";
import type { MarginRecord } from "./store.ts";
import { RISK_SCALE } from "./valuation.ts";

export const rate = (r: bigint) => formatScaled(r, RATE_SCALE);
/** An annual rate from a daily one: 365 days. */
export const annual = (r: bigint) => formatScaled(r * 365n, RATE_SCALE);
export const risk = (r: bigint | undefined) => (r === undefined ? "0" : formatScaled(r, 4));
export { RISK_SCALE };

export function assetJson(c: CoinState, symbol?: string) {
  const total = c.available + c.frozen;
  return {
    ...(symbol ? { symbol } : {}),
    coin: c.coin,
    totalAmount: units(total),
    available: units(c.available),
    frozen: units(c.frozen),
    borrow: units(c.principal),
    interest: units(c.interest),
    net: units(total - c.principal - c.interest),
    coupon: "0",
    cTime: String(c.uTime),
    uTime: String(c.uTime),
  };
}

/**
 * A margin order row (REST open/history orders, the orders stream): as Bitget, `baseSize` and
 * `quoteSize` are the order's size in base and quote, `size` and `amount` what filled of it in base
 * and quote, `priceAvg` the average fill price. A market buy is sized in quote: its `baseSize` is
 * what it bought; a market sell's `quoteSize` is what it raised (docs/decisions/309).
 */
export function marginOrderJson(o: Order, loanType: LoanType) {
  const inst = instrument(o.symbol) as Instrument;
  const avg = o.filled === 0 ? "0" : price(inst, Number(o.filledQuote / (BigInt(o.filled) * inst.quoteUnitsPerTickLot)));
  const marketBuy = o.type === "market" && o.side === "buy";
  return {
    orderId: o.id,
    symbol: o.symbol,
    orderType: o.type,
    enterPointSource: o.source,
    clientOid: o.clientOid,
    loanType,
    price: o.type === "limit" ? price(inst, o.price) : "0",
    side: o.side,
    status: o.status,
    baseSize: lots(inst, marketBuy ? o.filled : o.size),
    quoteSize: units(marketBuy ? o.quoteSize : o.type === "limit" ? notional(inst, o.price, o.size) : o.filledQuote),
    priceAvg: avg,
    size: lots(inst, o.filled),
    amount: units(o.filledQuote),
    force: o.force,
    cTime: String(o.cTime),
    uTime: String(o.uTime),
  };
}

const idOf = (r: MarginRecord) => String(r.id);
/** The detail a record carries after its reference (`ref|detail`). */
const detailOf = (r: MarginRecord) => r.ref.split("|")[1] ?? "";
const refOf = (r: MarginRecord) => r.ref.split("|")[0] ?? "";

/**
 * A margin record as Bitget lists every kind: its first field, the pair of an isolated account,
 * the kind's own fields, then the record's times.
 */
function recordJson(r: MarginRecord, first: Record<string, string>, fields: Record<string, string>) {
  return { ...first, ...(r.mode === "isolated" ? { symbol: r.symbol } : {}), ...fields, cTime: String(r.ts), uTime: String(r.endTs) };
}

export function borrowJson(r: MarginRecord) {
  const borrowType = detailOf(r) === "auto" ? "auto" : "manual";
  return recordJson(r, { loanId: refOf(r) }, { coin: r.coin, borrowAmount: units(r.amount), borrowType });
}

export function repayJson(r: MarginRecord) {
  const type = detailOf(r);
  return recordJson(
    r,
    { repayId: refOf(r) },
    {
      coin: r.coin,
      repayAmount: units(r.amount),
      repayType: type === "auto" ? "auto_repay" : type === "liquidation" ? "liq_repay" : "manual_repay",
      repayInterest: units(r.interest),
      repayPrincipal: units(r.principal),
    },
  );
}

export function interestJson(r: MarginRecord) {
  return recordJson(
    r,
    { interestId: idOf(r) },
    {
      interestCoin: r.coin,
      dailyInterestRate: rate(r.rate),
      loanCoin: r.coin,
      interestAmount: units(r.amount),
      interstType: detailOf(r) === "first_hour" ? "first" : "scheduled",
    },
  );
}

export function liquidationJson(r: MarginRecord) {
  return recordJson(
    r,
    { liqId: idOf(r) },
    {
      liqStartTime: String(r.ts),
      liqEndTime: String(r.endTs),
      liqRiskRatio: risk(r.rate),
      totalAssets: units(r.amount),
      totalDebt: units(r.principal),
      liqFee: "0",
    },
  );
}

export function financialJson(r: MarginRecord) {
  const amount = units(r.kind === "transfer_out" || r.kind === "repay" ? -r.amount : r.amount);
  return recordJson(r, { coin: r.coin }, { marginId: idOf(r), amount, balance: units(r.balance), fee: "0", marginType: r.kind });
}
