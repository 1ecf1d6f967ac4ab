/**
 * The exchange as the gateway uses it: the engine, its durable store, account funding on first
 * use, operator deposits and the public market data built from trades.
 */
import type { Db } from "../db/database.ts";
import { EX_CODES, SPOT_FEE_TIERS } from "../../protocol/bitget.ts";
import type { ExchangeConfig } from "./config.ts";
import { parseScaled } from "./decimal.ts";
import { Engine, type FeeRates } from "./engine/engine.ts";
import { IdGen } from "./engine/order.ts";
import { EngineError, ENVS, TREASURY, ledgerOwner, newChange, type Change, type Env, type Order } from "./engine/types.ts";
import { PLATFORM_SYMBOL } from "../../protocol/fee-deduction.ts";
import { COINS, LEDGER_SCALE, instrument } from "./instruments.ts";
import { toOrder, type PlaceOrderBody } from "./order-request.ts";
import { Store } from "./store.ts";

/** Maker/taker fee rates by VIP tier, parts per million (0.1% = 1000), shared with the order form. */
export const VIP_FEES: readonly FeeRates[] = SPOT_FEE_TIERS;

/** Demo coins of a simulation account, credited on first use and on reset. */
export const PAPER_FUNDS: ReadonlyArray<[string, string]> = [
  ["USDT", "50000"],
  ["BTC", "1"],
  ["ETH", "10"],
];

export class ExchangeService {
  readonly engine: Engine;
  readonly store: Store;
  private readonly accounts = new Map<string, number>();
  /** clientOids of orders placed but not yet committed (the unique index sees them after commit). */
  private readonly pendingOids = new Set<string>();
  /** Users paying fees in the platform coin (docs/decisions/353). */
  private readonly deductOn = new Set<string>();
  constructor(
    readonly db: Db,
    readonly config: ExchangeConfig,
    /** Sub-accounts get no welcome balance, or each new one would be free money for its main account. */
    private readonly welcomeEligible: (userId: string) => boolean = () => true,
  ) {
    this.store = new Store(db);
    this.engine = new Engine(new IdGen(this.store.maxSeq()), (env, userId) => this.fees(env, userId), Date.now, config.band);
    this.engine.deducts = (userId) => this.deductOn.has(userId);
    // the platform pair's reference (its last trade, else the last candle); the exchange adds the simulated market's fair price
    const bgb = instrument(PLATFORM_SYMBOL);
    if (bgb) {
      const perTick = 10n ** BigInt(LEDGER_SCALE - bgb.pricePrecision);
      this.engine.deductPrice = (env) => BigInt(this.engine.reference(env, PLATFORM_SYMBOL)) * perTick;
    }
  }

  /** Whether the user pays fees in the platform coin (Bitget's `deduct-info`, user info's `openGtFees`). */
  feeDeduct(userId: string): boolean {
    return this.deductOn.has(userId);
  }

  /** Switches the deduction (Bitget's `switch-deduct`); durable before it returns. */
  setFeeDeduct(userId: string, on: boolean): void {
    this.store.setFeeDeduct(userId, on, Date.now());
    if (on) this.deductOn.add(userId);
    else this.deductOn.delete(userId);
  }

  /** Rebuilds balances and books from storage: open orders go back in time priority. */
  load(): void {
    for (const b of this.store.loadBalances()) this.engine.restoreBalance(b);
    for (const o of this.store.loadOpenOrders()) this.engine.restore(o);
    for (const r of this.store.loadAccounts()) this.accounts.set(`${r.env}:${r.user_id}`, r.vip);
    for (const u of this.store.loadFeeDeduct()) this.deductOn.add(u);
    // the clientOid filter is built at start, not by the first order that names a clientOid
    this.store.oidFilter();
  }

  private fees(env: Env, userId: string): FeeRates {
    // a margin account (`owner#...`, docs/decisions/320) trades at its owner's VIP tier
    const vip = this.accounts.get(`${env}:${userId}`) ?? this.accounts.get(`${env}:${ledgerOwner(userId)}`) ?? 0;
    return VIP_FEES[vip] ?? (VIP_FEES[0] as FeeRates);
  }

  /** Funds an account the first time it is used: the welcome balance (live) or demo coins (paper). */
  ensureAccount(env: Env, userId: string, ch: Change): void {
    const key = `${env}:${userId}`;
    if (this.accounts.has(key)) return;
    this.accounts.set(key, 0);
    const now = Date.now();
    ch.extra.push(() => this.store.addAccount(env, userId, now));
    if (env === "paper") this.creditDemo(userId, ch);
    else if (this.config.welcomeUsdt > 0n && this.welcomeEligible(userId))
      this.engine.transfer("live", TREASURY, userId, "USDT", this.config.welcomeUsdt, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch);
  }

  private creditDemo(userId: string, ch: Change): void {
    for (const [coin, amount] of PAPER_FUNDS) {
      this.engine.transfer(
        "paper",
        TREASURY,
        userId,
        coin,
        parseScaled(amount, LEDGER_SCALE) as bigint,
        ["TRANSFER_OUT", "DEPOSIT"],
        "deposit",
        ch,
      );
    }
  }

  setVip(env: Env, userId: string, vip: number): void {
    if (!VIP_FEES[vip]) throw new EngineError(EX_CODES.paramInvalid, "unknown VIP tier");
    this.accounts.set(`${env}:${userId}`, vip);
    this.store.setVip(env, userId, vip, Date.now());
  }

  /** Whether the account was ever used (setVip on an unused one would skip its funding). */
  hasAccount(env: Env, userId: string): boolean {
    return this.accounts.has(`${env}:${userId}`);
  }

  vip(env: Env, userId: string): number {
    return this.accounts.get(`${env}:${userId}`) ?? 0;
  }

  /** A validated new order and its clientOid key; a clientOid the caller gave that is taken (open, being placed or done) is 43118. */
  private newOrder(env: Env, userId: string, body: PlaceOrderBody, source: string): { order: Order; oidKey: string } {
    const order = toOrder(this.engine.ids, env, userId, body, source);
    const oidKey = this.engine.clientOidKey(env, userId, order.clientOid);
    if (
      body.clientOid !== undefined &&
      (this.pendingOids.has(oidKey) || this.engine.openByClientOid.has(oidKey) || this.store.hasClientOid(env, userId, order.clientOid))
    )
      throw new EngineError(EX_CODES.duplicateClientOid, "Duplicate clientOid");
    return { order, oidKey };
  }

  async placeOrder(env: Env, userId: string, body: PlaceOrderBody, source = "API"): Promise<Order> {
    const { order, oidKey } = this.newOrder(env, userId, body, source);
    const ch = newChange();
    this.ensureAccount(env, userId, ch);
    try {
      this.engine.place(order, ch);
    } catch (err) {
      // funding of a new account is still worth keeping
      this.store.keep(ch);
      throw err;
    }
    this.pendingOids.add(oidKey);
    try {
      await this.store.commit(ch);
    } finally {
      this.pendingOids.delete(oidKey);
    }
    return order;
  }

  /**
   * Places an order into the caller's change, which the caller commits (spot copies, docs/decisions/360):
   * the same validation, clientOid check, account funding and engine entry point as `placeOrder`.
   */
  placeWithin(env: Env, userId: string, body: PlaceOrderBody, source: string, ch: Change): Order {
    const { order } = this.newOrder(env, userId, body, source);
    this.ensureAccount(env, userId, ch);
    this.engine.place(order, ch);
    return order;
  }

  /** Finds an order of the user, open ones from memory, closed ones from storage. */
  findOrder(env: Env, userId: string, by: { orderId?: string; clientOid?: string }): Order | undefined {
    if (by.orderId) {
      const o = this.engine.open.get(by.orderId);
      if (o && o.userId === userId && o.env === env) return o;
    } else if (by.clientOid) {
      const o = this.engine.openByClientOid.get(this.engine.clientOidKey(env, userId, by.clientOid));
      if (o) return o;
    }
    if (!by.orderId && !by.clientOid) return undefined;
    return this.store.findOrder(env, userId, by);
  }

  async cancelOrder(env: Env, userId: string, symbol: string, by: { orderId?: string; clientOid?: string }): Promise<Order> {
    const found = this.findOrder(env, userId, by);
    if (!found || found.symbol !== symbol) throw new EngineError(EX_CODES.orderNotFound, "The order does not exist");
    const open = this.engine.open.get(found.id);
    if (!open) throw new EngineError(EX_CODES.orderNotCancellable, "The order has already been filled or cancelled");
    const ch = newChange();
    this.engine.cancel(open, "user cancelled", ch);
    await this.store.commit(ch);
    return open;
  }

  /**
   * Bitget's cancel-replace (docs/decisions/309): the new limit order keeps the old one's side,
   * force and STP mode. Everything that can be judged before the cancel is (fields, clientOid, the
   * price band): a refusal there changes nothing. Then, in one step and one commit, the old order is
   * cancelled and the new one goes through the engine's entry point; a new order the engine refuses
   * then (the balance, once the old order's funds are back) leaves the old one cancelled and comes
   * back as `refused`. A cancel that fails places nothing.
   */
  async replaceOrder(
    env: Env,
    userId: string,
    symbol: string,
    by: { orderId?: string; clientOid?: string },
    next: { price: string; size: string; clientOid?: string },
    source = "API",
  ): Promise<{ cancelled: Order; placed?: Order; refused?: EngineError }> {
    const found = this.findOrder(env, userId, by);
    if (!found || found.symbol !== symbol) throw new EngineError(EX_CODES.orderNotFound, "The order does not exist");
    const open = this.engine.open.get(found.id);
    if (!open) throw new EngineError(EX_CODES.orderNotCancellable, "The order has already been filled or cancelled");
    const body: PlaceOrderBody = {
      symbol,
      side: open.side,
      orderType: "limit",
      force: open.force,
      stpMode: open.stp,
      price: next.price,
      size: next.size,
      clientOid: next.clientOid,
    };
    const { order, oidKey } = this.newOrder(env, userId, body, source);
    this.engine.checkPrice(order);
    const ch = newChange();
    this.engine.cancel(open, "user cancelled", ch);
    let refused: unknown;
    try {
      this.engine.place(order, ch);
    } catch (err) {
      refused = err;
    }
    this.pendingOids.add(oidKey);
    try {
      await this.store.commit(ch);
    } finally {
      this.pendingOids.delete(oidKey);
    }
    if (refused === undefined) return { cancelled: open, placed: order };
    if (refused instanceof EngineError) return { cancelled: open, refused };
    throw refused;
  }

  async cancelSymbol(env: Env, userId: string, symbol: string): Promise<number> {
    const ch = newChange();
    let n = 0;
    for (const o of [...this.engine.open.values()]) {
      if (o.env === env && o.userId === userId && o.symbol === symbol) {
        this.engine.cancel(o, "user cancelled", ch);
        n++;
      }
    }
    await this.store.commit(ch);
    return n;
  }

  openOrders(env: Env, userId: string, symbol?: string): Order[] {
    const out: Order[] = [];
    for (const o of this.engine.open.values()) if (o.env === env && o.userId === userId && (!symbol || o.symbol === symbol)) out.push(o);
    return out.sort((a, b) => b.seq - a.seq);
  }

  /** Balances of a user, funding the account on first look. */
  async assets(env: Env, userId: string) {
    const ch = newChange();
    this.ensureAccount(env, userId, ch);
    await this.store.commit(ch);
    return COINS.map((coin) => this.engine.balance(env, userId, coin)).filter((b) => b.available + b.frozen > 0n || b.coin === "USDT");
  }

  /**
   * A free transfer between two live accounts of one owner (main and sub-accounts): one
   * TRANSFER_OUT and one TRANSFER_IN bill under `transferId`, committed with `extra` writes.
   */
  async transferBetween(from: string, to: string, coin: string, amount: bigint, transferId: string, extra: () => void): Promise<void> {
    const ch = newChange();
    this.ensureAccount("live", from, ch);
    this.ensureAccount("live", to, ch);
    try {
      this.engine.transfer("live", from, to, coin, amount, ["TRANSFER_OUT", "TRANSFER_IN"], "transfer", ch, transferId);
    } catch (err) {
      // funding of a new account is still worth keeping
      this.store.keep(ch);
      throw err;
    }
    ch.extra.push(extra);
    await this.store.commit(ch);
  }

  /** Puts a simulation account back to its demo funds: cancels its orders, zeroes, re-credits. */
  /** Run first by a simulation reset: other areas on this ledger (futures) bring their funds back to spot. */
  readonly paperResetHooks = new Set<(userId: string) => void>();

  async resetPaper(userId: string): Promise<void> {
    for (const hook of this.paperResetHooks) hook(userId);
    const ch = newChange();
    this.ensureAccount("paper", userId, ch);
    for (const o of [...this.engine.open.values()])
      if (o.env === "paper" && o.userId === userId) this.engine.cancel(o, "account reset", ch);
    for (const coin of COINS) {
      const b = this.engine.balance("paper", userId, coin);
      if (b.available > 0n)
        this.engine.transfer("paper", userId, TREASURY, coin, b.available, ["SYSTEM_RESET", "SYSTEM_RESET"], "other", ch);
    }
    this.creditDemo(userId, ch);
    await this.store.commit(ch);
  }

  /**
   * Applies the operator credits queued in ex_deposits (see cli/credit.ts). Calls run one after another: a second call while the first
   * waits for its commit would read the same rows as still pending and credit them twice.
   */
  applyDeposits(): Promise<number> {
    // the first call reads at once (a caller that closes the store next has nothing left running)
    const run = this.applying ? this.applying.then(() => this.applyPendingDeposits()) : this.applyPendingDeposits();
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.applying = settled;
    void settled.then(() => {
      if (this.applying === settled) this.applying = undefined;
    });
    return run;
  }

  private applying: Promise<void> | undefined;

  private async applyPendingDeposits(): Promise<number> {
    const rows = this.store.pendingDeposits();
    if (rows.length === 0) return 0;
    const ch = newChange();
    const now = Date.now();
    for (const r of rows) {
      const env = (ENVS as readonly string[]).includes(r.env) ? (r.env as Env) : "live";
      this.ensureAccount(env, r.user_id, ch);
      if (r.amount > 0n && COINS.includes(r.coin))
        this.engine.transfer(env, TREASURY, r.user_id, r.coin, r.amount, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch);
      ch.extra.push(() => this.store.markDeposit(r.id, now));
    }
    await this.store.commit(ch);
    return rows.length;
  }

  symbolExists(symbol: string): boolean {
    return instrument(symbol) !== undefined;
  }
}
