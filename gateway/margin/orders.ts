/**
 * Margin orders (docs/decisions/320): spot orders of a margin account, placed on the spot book by
 * the spot engine, with Bitget's `loanType`. autoLoan borrows the shortfall of what the order
 * freezes when it is placed (within the maximum borrowable); autoRepay repays the debt in the coin a
 * fill brings, once that fill is durable; autoLoanAndRepay does both.
 */
import { MARGIN_CODES, type LoanType } from "../../protocol/margin.ts";
import { EngineError, newChange, type Change, type Env, type Order } from "../exchange/engine/types.ts";
import { instrument } from "../exchange/instruments.ts";
import { toOrder, type PlaceOrderBody } from "../exchange/order-request.ts";
import { parseAccountKey, type MarginAccountRef } from "./accounts.ts";
import type { MarginService } from "./service.ts";

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
    const inst = instrument(order.symbol)!;
    if (ref.mode === "crossed" && !svc.borrowable(inst.baseCoin))
      throw new EngineError(MARGIN_CODES.paramNotExist, `Parameter ${order.symbol} does not exist as a margin pair`);
    const ch = newChange();
    const now = order.cTime;
    if (borrows(loanType)) {
      const coin = order.side === "buy" ? inst.quoteCoin : inst.baseCoin;
      const need = eng.freezeAmount(inst, order);
      const have = eng.balance(env, key, coin).available;
      if (need > have) {
        const shortfall = need - have;
        if (shortfall > svc.maxBorrowable(env, ref, coin))
          throw new EngineError(MARGIN_CODES.borrowExceeds, "The borrowing amount exceeds the maximum borrowable amount");
        svc.lend(env, ref, coin, shortfall, order.id, "auto", now, ch);
      }
    }
    try {
      eng.place(order, ch);
    } catch (err) {
      // a loan made for it stays, as it would on Bitget; keep what was done
      void svc.exchange.svc.store.commit(ch);
      throw err;
    }
    ch.extra.push(() => svc.store.addOrder(order.id, env, key, loanType));
    if (repays(loanType)) {
      if (order.status === "live" || order.status === "partially_filled") this.repaying.add(order.id);
      // fills made while placing are repaid in the same transaction
      this.repayProceeds(env, ref, [order], ch, now);
    }
    this.pendingOids.add(oidKey);
    try {
      await svc.commit(ch, env, ref);
    } finally {
      this.pendingOids.delete(oidKey);
    }
    return order;
  }

  /** Repays debts in the coins `orders` received (the base of buys, the quote of sells). */
  private repayProceeds(env: Env, ref: MarginAccountRef, orders: Order[], ch: Change, now: number): void {
    const coins = new Set<string>();
    for (const o of orders) {
      if (o.filled === 0) continue;
      const inst = instrument(o.symbol);
      if (inst) coins.add(o.side === "buy" ? inst.baseCoin : inst.quoteCoin);
    }
    for (const coin of coins) this.svc.repayFromBalance(env, ref, coin, "auto", now, ch);
  }

  /** After a spot change is durable: resting auto-repay orders that filled repay from what they got. */
  onCommitted(ch: Change): void {
    if (this.repaying.size === 0) return;
    const hit = new Map<string, { env: Env; ref: MarginAccountRef; orders: Order[] }>();
    for (const f of ch.fills)
      for (const o of [f.maker, f.taker]) {
        if (o.house || !this.repaying.has(o.id)) continue;
        const ref = parseAccountKey(o.userId);
        if (!ref) continue;
        const k = `${o.env}|${o.userId}`;
        const entry = hit.get(k) ?? { env: o.env, ref, orders: [] };
        entry.orders.push(o);
        hit.set(k, entry);
        if (o.status === "filled" || o.status === "cancelled") this.repaying.delete(o.id);
      }
    for (const o of ch.orders) if (o.status === "cancelled" || o.status === "filled") this.repaying.delete(o.id);
    if (hit.size === 0) return;
    setImmediate(() => {
      for (const { env, ref, orders } of hit.values()) {
        if (this.svc.liquidating.has(`${env}|${this.svc.key(ref)}`)) continue;
        const next = newChange();
        this.repayProceeds(env, ref, orders, next, Date.now());
        void this.svc.commit(next, env, ref);
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
