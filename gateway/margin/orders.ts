/**
 * Margin orders (docs/decisions/320): spot orders of a margin account, placed on the spot book by
 * the spot engine, with Bitget's `loanType`. autoLoan borrows the shortfall of what the order
 * freezes when it is placed (within the maximum borrowable); autoRepay repays the debt in the coin a
 * fill brings, once that fill is durable; autoLoanAndRepay does both.
 */
import { MARGIN_CODES, type LoanType } from "../../protocol/margin.ts";
import { EngineError, newChange, receivedFee, type Change, type Env, type Fill, type Order } from "../exchange/engine/types.ts";
import { instrument, notional } from "../exchange/instruments.ts";
import { VIP_FEES } from "../exchange/service.ts";
import { toOrder, type PlaceOrderBody } from "../exchange/order-request.ts";
import { parseAccountKey, type MarginAccountRef } from "./accounts.ts";
import type { AccountDelta, MarginService } from "./service.ts";

const PPM = 1_000_000n;

/** The immediate part of an order's fill, in ledger units: base and quote traded, the fee in the coin received. */
export interface ExpectedFill {
  base: bigint;
  quote: bigint;
  fee: bigint;
}

/** What an order would do (MarginOrders.assess). */
export interface Assessment {
  /** The coin the order pays with, and how much of it an autoLoan order would borrow. */
  borrowCoin: string;
  borrow: bigint;
  fill: ExpectedFill;
  /** The account's holdings and debts after the loan and the immediate fill. */
  delta: AccountDelta;
}

const borrows = (t: LoanType) => t === "autoLoan" || t === "autoLoanAndRepay";
const repays = (t: LoanType) => t === "autoRepay" || t === "autoLoanAndRepay";

export class MarginOrders {
  /** Open orders that repay from their proceeds, by id. */
  private readonly repaying = new Set<string>();
  private readonly pendingOids = new Set<string>();

  constructor(private readonly svc: MarginService) {}

  /** Re-arms auto-repay for the margin orders still open after a restart. */
  load(): void {
    const ids: string[] = [];
    for (const o of this.svc.engine.open.values()) if (parseAccountKey(o.userId)) ids.push(o.id);
    for (const [id, t] of this.svc.store.loanTypes(ids)) if (repays(t)) this.repaying.add(id);
  }

  async place(env: Env, ref: MarginAccountRef, body: PlaceOrderBody, loanType: LoanType, source: string): Promise<Order> {
    const svc = this.svc;
    const eng = svc.engine;
    svc.checkNotLiquidating(env, ref);
    const key = svc.key(ref);
    const order = toOrder(eng.ids, env, key, body, source);
    const oidKey = eng.clientOidKey(env, key, order.clientOid);
    if (
      body.clientOid !== undefined &&
      (this.pendingOids.has(oidKey) ||
        eng.openByClientOid.has(oidKey) ||
        svc.exchange.svc.store.findOrder(env, key, { clientOid: order.clientOid }))
    )
      throw new EngineError(MARGIN_CODES.duplicateClientOid, "Duplicate clientOid");
    // every refusal before anything is done: the band, the loan, the balance, what the fill would leave
    const a = this.assess(env, ref, order, loanType);
    svc.checkRiskAfter(env, ref, a.delta);
    const ch = newChange();
    const now = order.cTime;
    if (a.borrow > 0n) svc.lend(env, ref, a.borrowCoin, a.borrow, order.id, "auto", now, ch);
    try {
      eng.place(order, ch);
    } catch (err) {
      // a loan made for it stays, as it would on Bitget; keep what was done
      svc.exchange.svc.store.keep(ch);
      throw err;
    }
    ch.extra.push(() => svc.store.addOrder(order.id, env, key, loanType));
    if (repays(loanType)) {
      if (order.status === "live" || order.status === "partially_filled") this.repaying.add(order.id);
      // fills made while placing are repaid in the same transaction
      for (const { proceeds } of this.proceedsOf(ch.fills, (o) => o === order).values()) this.repayProceeds(env, ref, proceeds, ch, now);
    }
    this.pendingOids.add(oidKey);
    try {
      await svc.commit(ch, env, ref);
    } finally {
      this.pendingOids.delete(oidKey);
    }
    return order;
  }

  /**
   * What an order would do, without doing it (place-order and the risk preview share it): the
   * pair and the price band are checked (a market order gets its protection price), the loan of an
   * autoLoan order worked out within the maximum borrowable, the balance checked, and the fill it
   * would get now walked on the book up to its limit or protection price (docs/decisions/340).
   * Refusals throw with the code place-order answers.
   */
  assess(env: Env, ref: MarginAccountRef, order: Order, loanType: LoanType): Assessment {
    const svc = this.svc;
    const eng = svc.engine;
    const inst = instrument(order.symbol)!;
    if (ref.mode === "crossed" && !svc.borrowable(inst.baseCoin))
      throw new EngineError(MARGIN_CODES.paramNotExist, `Parameter ${order.symbol} does not exist as a margin pair`);
    eng.checkPrice(order);
    const key = svc.key(ref);
    const coin = order.side === "buy" ? inst.quoteCoin : inst.baseCoin;
    const need = eng.freezeAmount(inst, order);
    const have = eng.balance(env, key, coin).available;
    let borrow = 0n;
    if (need > have) {
      if (!borrows(loanType)) throw new EngineError(MARGIN_CODES.insufficientBalance, "Insufficient balance");
      borrow = need - have;
      if (borrow > svc.maxBorrowable(env, ref, coin))
        throw new EngineError(MARGIN_CODES.borrowExceeds, "The borrowing amount exceeds the maximum borrowable amount");
    }
    const fill = this.expectedFill(order);
    const delta = svc.loanDelta(coin, borrow);
    const got = order.side === "buy" ? inst.baseCoin : inst.quoteCoin;
    delta.held.set(coin, (delta.held.get(coin) ?? 0n) - (order.side === "buy" ? fill.quote : fill.base));
    delta.held.set(got, (delta.held.get(got) ?? 0n) + (order.side === "buy" ? fill.base : fill.quote) - fill.fee);
    return { borrowCoin: coin, borrow, fill, delta };
  }

  /**
   * The part of an order that would fill now: the opposite side walked best first up to its limit
   * (or protection) price, skipping the owner's own orders when its STP mode would not trade with
   * them, at the taker fee of VIP 0 (the highest, so the estimate errs against the trader).
   */
  private expectedFill(o: Order): ExpectedFill {
    const eng = this.svc.engine;
    const book = eng.book(o.env, o.symbol);
    const inst = book.inst!;
    const buy = o.side === "buy";
    const levels = (buy ? book.asks : book.bids).levels;
    const owner = o.stp === "none" ? "" : eng.ownerOf(o.userId);
    const marketBuy = o.type === "market" && buy;
    let lots = 0;
    let quote = 0n;
    for (let i = levels.length - 1; i >= 0; i--) {
      const lvl = levels[i]!;
      if (o.price > 0 && (buy ? lvl.price > o.price : lvl.price < o.price)) break;
      let open = 0;
      for (let m = lvl.head; m; m = m.next) if (owner === "" || m.house || eng.ownerOf(m.userId) !== owner) open += m.size - m.filled;
      let qty = open;
      if (marketBuy) {
        const afford = (o.quoteSize - quote) / (BigInt(lvl.price) * inst.quoteUnitsPerTickLot);
        if (afford < BigInt(qty)) qty = Number(afford);
      } else if (o.size - lots < qty) qty = o.size - lots;
      if (qty <= 0) break;
      lots += qty;
      quote += notional(inst, lvl.price, qty);
      if (!marketBuy && lots >= o.size) break;
    }
    const base = BigInt(lots) * inst.baseUnitsPerLot;
    const rate = BigInt(VIP_FEES[0]!.taker);
    const fee = ((buy ? base : quote) * rate + PPM - 1n) / PPM;
    return { base, quote, fee };
  }

  /** What a fill brought one of its orders, net of the fee: base for a buy, quote for a sell. */
  private static received(f: Fill, o: Order): { coin: string; amount: bigint } | undefined {
    const inst = instrument(f.symbol);
    if (!inst) return undefined;
    // a fee paid in the platform coin came from the owner's spot balance, not the proceeds (docs/decisions/353)
    const fee = receivedFee(f, o);
    return o.side === "buy"
      ? { coin: inst.baseCoin, amount: BigInt(f.size) * inst.baseUnitsPerLot - fee }
      : { coin: inst.quoteCoin, amount: f.quote - fee };
  }

  /** Repays, in each coin the fills of auto-repay orders brought, at most what they brought. */
  private repayProceeds(env: Env, ref: MarginAccountRef, proceeds: Map<string, bigint>, ch: Change, now: number): void {
    for (const [coin, amount] of proceeds) this.svc.repayFromBalance(env, ref, coin, "auto", now, ch, amount);
  }

  /** The proceeds of `fills` for the auto-repay orders among `orders`, by account and coin. */
  private proceedsOf(fills: readonly Fill[], repays: (o: Order) => boolean) {
    const out = new Map<string, { env: Env; ref: MarginAccountRef; proceeds: Map<string, bigint> }>();
    for (const f of fills)
      for (const o of [f.maker, f.taker]) {
        if (o.house || !repays(o)) continue;
        const ref = parseAccountKey(o.userId);
        const got = MarginOrders.received(f, o);
        if (!ref || !got || got.amount <= 0n) continue;
        const k = `${o.env}|${o.userId}`;
        const entry = out.get(k) ?? { env: o.env, ref, proceeds: new Map<string, bigint>() };
        entry.proceeds.set(got.coin, (entry.proceeds.get(got.coin) ?? 0n) + got.amount);
        out.set(k, entry);
      }
    return out;
  }

  /** After a spot change is durable: resting auto-repay orders that filled repay from what they got. */
  onCommitted(ch: Change): void {
    if (this.repaying.size === 0) return;
    const hit = this.proceedsOf(ch.fills, (o) => this.repaying.has(o.id));
    // orders are shared objects: one that a later change of the same commit finished is already
    // final here, so finished orders are forgotten only after every change of the commit was seen
    const done = ch.orders.filter((o) => (o.status === "cancelled" || o.status === "filled") && this.repaying.has(o.id));
    if (hit.size === 0 && done.length === 0) return;
    setImmediate(() => {
      for (const o of done) this.repaying.delete(o.id);
      for (const { env, ref, proceeds } of hit.values()) {
        if (this.svc.liquidating.has(`${env}|${this.svc.key(ref)}`)) continue;
        const next = newChange();
        this.repayProceeds(env, ref, proceeds, next, Date.now());
        this.svc.commit(next, env, ref).catch((err: unknown) => this.svc.exchange.svc.store.reportError(err));
      }
    });
  }

  async cancel(env: Env, ref: MarginAccountRef, symbol: string, by: { orderId?: string; clientOid?: string }): Promise<Order> {
    const key = this.svc.key(ref);
    const found = this.svc.exchange.svc.findOrder(env, key, by);
    if (!found || found.symbol !== symbol) throw new EngineError(MARGIN_CODES.orderNotFound, "The order does not exist");
    const open = this.svc.engine.open.get(found.id);
    if (!open) throw new EngineError(MARGIN_CODES.orderNotCancellable, "The order has already been filled or cancelled");
    const ch = newChange();
    this.svc.engine.cancel(open, "user cancelled", ch);
    await this.svc.commit(ch, env, ref);
    return open;
  }
}
