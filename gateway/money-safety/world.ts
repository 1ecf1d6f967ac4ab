/**
 * The money-safety suite's world (docs/decisions/344): the real exchange, futures, margin and
 * wallet services on a temporary SQLite file, composed as gateway/app.ts composes them, with
 * every simulated market off. Prices move only when the suite moves them: an honest reference
 * price R (BTCUSDT, ticks) that an honest ledger market maker prints and quotes around on the
 * spot book, and that the futures mark is set to, as the price-control tests drive them.
 *
 * It also keeps the books of the two invariants: conservation over every ledger, and the thief
 * bound of the colluding accounts (what they hold at R, what they put in, what honest moves of R
 * explain). Nothing here changes a service; it only calls what the routes call.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, openDatabase, type Db } from "../db/database.ts";
import { newOrder } from "../exchange/engine/order.ts";
import type { Side } from "../../protocol/bitget.ts";
import { EngineError, TREASURY, ledgerOwner, newChange, type Change, type Env } from "../exchange/engine/types.ts";
import { Exchange } from "../exchange/exchange.ts";
import { instrument } from "../exchange/instruments.ts";
import { migrateExchange } from "../exchange/migrations.ts";
import { SUB_TRANSFER_MIGRATIONS } from "../exchange/sub-transfer-store.ts";
import { CONTRACTS, type Contract } from "../futures/contracts.ts";
import { Futures } from "../futures/futures.ts";
import { upnl, type FxChange, type Position } from "../futures/ledger.ts";
import { FUTURES_MIGRATIONS } from "../futures/migrations.ts";
import { FUTURES_BRIDGE, marketCloseRequest } from "../futures/service.ts";
import { CopyService } from "../copy/service.ts";
import { COPY_MIGRATIONS, CopyStore } from "../copy/store.ts";
import { linkCopyProducts } from "../copy/roles.ts";
import { SpotCopyService } from "../copy/spot-service.ts";
import { SPOT_COPY_MIGRATIONS, SpotCopyStore } from "../copy/spot-store.ts";
import { Margin } from "../margin/margin.ts";
import { MARGIN_MIGRATIONS } from "../margin/store.ts";
import { TEST_MARGIN_CONFIG } from "../margin/testing.ts";
import type { WalletAccounts } from "../wallet/account-link.ts";
import { WalletService } from "../wallet/service.ts";
import { WALLET_MIGRATIONS, WalletStore } from "../wallet/store.ts";

export const SYMBOL = "BTCUSDT";
export const INST = instrument(SYMBOL)!;
export const BTC: Contract = CONTRACTS.find((c) => c.symbol === SYMBOL)!;
export const ENV: Env = "live";
/** The reference price every run starts from, in ticks (95,000.00 USDT). */
export const R0 = 95_000_00;
/** The honest liquidity: two ledger accounts (two, so that a print at R needs no self-trade). */
export const HONEST = "honest-mm";
export const HONEST2 = "honest-mm2";
/** Depth of the honest maker: levels a side, the step between them (ppm of R) and lots per level. */
const LEVELS = 5;
const STEP_PPM = 1_000;
const LEVEL_LOTS = 100_000;
/** An honest move walks the spot print in steps of at most this (ppm), so it never trips a price band. */
const WALK_PPM = 40_000;
/**
 * The largest step of a walk from `price` (ticks). The books' walk (honestMove) and the tape's
 * (print) take the same steps: were they to differ by a tick, a close-out would settle at a print
 * the books never saw, and the bound would count that tick as the colluders' (decision 344).
 */
const walkLimit = (price: number): number => Math.max(1, Math.floor((price * WALK_PPM) / 1_000_000));
/** 10^pricePrecision: values are kept in USDT ledger units × this, so BTC at R values exactly. */
const PSCALE = 100n;

const dirs: string[] = [];

/** Everything the suite measures per coin: USDT ledger units scaled by PSCALE (BTC units × ticks). */
export interface Books {
  /** Deposits credited to the colluders less withdrawals paid out, valued at R when they happened. */
  deposits: bigint;
  /** Fees the colluders paid (spot, futures, withdrawal), valued at R when paid. */
  fees: bigint;
  /** Margin interest charged to them, valued at R when charged. */
  interest: bigint;
  /** Σ over honest moves of their net BTC exposure × ΔR. */
  moves: bigint;
  /** Limited liability: the negative equity honest moves pushed any of their accounts into. */
  gaps: bigint;
  /** Funding they received net (at rates the market set; counted as honest). */
  funding: bigint;
}

const emptyBooks = (): Books => ({ deposits: 0n, fees: 0n, interest: 0n, moves: 0n, gaps: 0n, funding: 0n });

export class MoneyWorld {
  readonly dir: string;
  readonly db: Db;
  readonly ex: Exchange;
  readonly fx: Futures;
  readonly mg: Margin;
  readonly wallet: WalletService;
  /** Copy trading on the futures engine: colluders lead and follow each other (decision 356). */
  readonly copy: CopyService;
  /** Spot copy trading on the spot engine (decision 360). */
  readonly spotCopy: SpotCopyService;
  /** Errors the services reported in the background (a test fails on any). */
  readonly errors: unknown[] = [];
  /** The honest reference price of BTCUSDT (ticks). */
  R = R0;
  /** The colluders of the current run (main account ids; `c` is a sub-account of `a`). */
  colluders = new Set<string>();
  books: Books = emptyBooks();
  /** Interest already counted, per coin (cumulative ledger units from the margin records). */
  private interestSeen = new Map<string, bigint>();
  /** The futures market's own clock (mark steps, funding), started at construction. */
  simNow: number;
  /** Hours of margin interest asked for so far. */
  hours = 0;

  static async open(): Promise<MoneyWorld> {
    const w = new MoneyWorld();
    await w.mg.svc.seedFund();
    w.ex.svc.store.flush();
    await w.honestMove(R0);
    return w;
  }

  private constructor() {
    this.dir = mkdtempSync(join(tmpdir(), "thief-"));
    dirs.push(this.dir);
    this.db = openDatabase(this.dir);
    // the tables of the areas composed here, in gateway/app.ts's order
    migrateExchange(this.db);
    migrate(this.db, SUB_TRANSFER_MIGRATIONS);
    migrate(this.db, FUTURES_MIGRATIONS);
    migrate(this.db, MARGIN_MIGRATIONS);
    migrate(this.db, WALLET_MIGRATIONS);
    migrate(this.db, COPY_MIGRATIONS);
    migrate(this.db, SPOT_COPY_MIGRATIONS);
    const log = (err: unknown) => void this.errors.push(err);
    // a user `…c` is a sub-account of `…a` (no welcome funds: every coin comes in as a counted deposit)
    const directory = {
      of: (id: string) => ({ parentId: id.endsWith("c") && id.startsWith("t") ? id.slice(0, -1) + "a" : null, frozen: false }),
      subAccounts: (main: string) => [{ userId: main.slice(0, -1) + "c", frozen: false }],
    };
    this.ex = new Exchange(this.db, { welcomeUsdt: 0n, rateLimits: false, simulator: false }, 7, directory, log);
    this.simNow = Date.now();
    this.fx = new Futures(this.db, this.ex, { fundingIntervalMs: 8 * 3_600_000, simulator: false }, 7, log, undefined, this.simNow);
    this.mg = new Margin(this.db, this.ex, TEST_MARGIN_CONFIG, log);
    const link = {
      hasTotp: () => true,
      requireTotp: () => undefined,
      requireWithdrawable: () => undefined,
      notify: () => undefined,
    } as unknown as WalletAccounts;
    this.wallet = new WalletService(new WalletStore(this.db), this.ex.svc, link, { blockIntervalMs: 1000, reviewBlocks: 1 }, log);
    this.copy = new CopyService({
      store: new CopyStore(this.db),
      futures: this.fx,
      config: { leadMinEquity: 100n * 10n ** 8n, leadMinAgeMs: 0, maxProfitSharePpm: 100_000 },
      registeredAt: () => 0,
      log,
    });
    this.spotCopy = new SpotCopyService({
      store: new SpotCopyStore(this.db),
      exchange: this.ex.svc,
      config: { leadMinEquity: 100n * 10n ** 8n, leadMinAgeMs: 0, maxProfitSharePpm: 100_000 },
      // spot equity at R, in USDT ledger units
      equity: (env, userId) => {
        let total = 0n;
        for (const coin of [INST.baseCoin, INST.quoteCoin]) {
          const b = this.ex.svc.engine.balance(env, userId, coin);
          total += this.value(coin, b.available + b.frozen) / PSCALE;
        }
        return total;
      },
      registeredAt: () => 0,
      log,
    });
    linkCopyProducts(this.copy, this.spotCopy);
    this.ex.market.listeners.add((env, symbol, t) => this.spotCopy.onTrade(env, symbol, t.price));
    this.ex.svc.store.committed.add((ch) => this.onSpot(ch));
    this.fx.svc.committed.add((ch) => this.onFutures(ch));
  }

  close(): void {
    this.wallet.stop();
    this.fx.close();
    this.mg.close();
    this.ex.close();
    this.db.close();
  }

  static removeDirs(): void {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  }

  isColluder(engineId: string): boolean {
    return this.colluders.has(ledgerOwner(engineId));
  }

  /** What `amount` ledger units of `coin` are worth at R, scaled by PSCALE. */
  value(coin: string, amount: bigint): bigint {
    return coin === "USDT" ? amount * PSCALE : amount * BigInt(this.R);
  }

  // ---- the colluders' books --------------------------------------------------------------

  private onSpot(ch: Change): void {
    for (const b of ch.bills) {
      if (!this.isColluder(b.userId)) continue;
      if (b.business === "DEPOSIT" || b.business === "WITHDRAW") this.books.deposits += this.value(b.coin, b.size);
      else if (b.business === "DEDUCTION_HANDLING_FEE") this.books.fees += this.value(b.coin, -b.size);
    }
    for (const f of ch.fills)
      for (const o of [f.maker, f.taker]) {
        if (o.house || !this.isColluder(o.userId)) continue;
        const fee = o === f.maker ? f.makerFee : f.takerFee;
        this.books.fees += this.value(o.side === "buy" ? INST.baseCoin : INST.quoteCoin, fee);
      }
  }

  private onFutures(ch: FxChange): void {
    for (const f of ch.fills) if (this.isColluder(f.order.userId)) this.books.fees += f.fee * PSCALE;
    for (const b of ch.bills)
      if (b.business === "contract_settle_fee" && this.isColluder(b.userId)) this.books.funding += b.amount * PSCALE;
  }

  /** Counts the interest charged since the last look (the margin records), at R now. */
  countInterest(): void {
    const rows = this.db
      .prepare("SELECT user_id AS u, coin, sum(amount) AS s FROM mg_records WHERE kind = 'interest' AND env = ? GROUP BY user_id, coin")
      .safeIntegers(true)
      .all(ENV) as Array<{ u: string; coin: string; s: bigint }>;
    for (const r of rows) {
      if (!this.colluders.has(r.u)) continue;
      const k = `${r.u}:${r.coin}`;
      const seen = this.interestSeen.get(k) ?? 0n;
      if (r.s > seen) this.books.interest += this.value(r.coin, r.s - seen);
      this.interestSeen.set(k, r.s);
    }
  }

  /** The colluders' futures positions (live). */
  private colluderPositions(): Position[] {
    const out: Position[] = [];
    for (const u of this.colluders) out.push(...this.fx.svc.positionsOf(ENV, u));
    return out;
  }

  /** A position's value at R, in USDT ledger units. */
  private positionValue(p: Position): bigint {
    return BigInt(p.size) * BigInt(this.R) * INST.quoteUnitsPerTickLot;
  }

  /**
   * The colluders' accounts that answer for their own losses, each with its equity at R (scaled):
   * spot accounts, margin accounts (coins less debts), futures accounts' crossed part, and each
   * isolated futures position. Their sum is the colluders' total equity.
   */
  units(): Map<string, bigint> {
    const out = new Map<string, bigint>();
    const add = (k: string, v: bigint) => out.set(k, (out.get(k) ?? 0n) + v);
    for (const b of this.ex.svc.engine.balances.values())
      if (b.env === ENV && this.isColluder(b.userId)) add(`spot:${b.userId}`, this.value(b.coin, b.available + b.frozen));
    for (const l of this.mg.svc.allLoans())
      if (l.env === ENV && this.isColluder(l.account)) add(`spot:${l.account}`, -this.value(l.coin, l.principal + l.interest));
    for (const u of this.colluders) {
      const a = this.fx.svc.findAccount(ENV, u);
      if (a) add(`fx:${u}`, a.balance * PSCALE);
    }
    for (const p of this.colluderPositions()) {
      const u = upnl(p, this.positionValue(p)) * PSCALE;
      if (p.marginMode === "isolated") {
        // the margin sits in the balance; the position answers for margin + PnL on its own
        add(`fx:${p.userId}`, -p.margin * PSCALE);
        add(`fxiso:${p.userId}:${p.holdSide}`, p.margin * PSCALE + u);
      } else add(`fx:${p.userId}`, u);
    }
    return out;
  }

  /** The colluders' total equity at R (scaled). */
  equity(): bigint {
    let s = 0n;
    for (const v of this.units().values()) s += v;
    return s;
  }

  /** Their net BTC exposure in BTC ledger units: coins held less coins owed, plus futures positions. */
  exposure(kind: "spot" | "futures"): bigint {
    let e = 0n;
    if (kind === "spot") {
      for (const b of this.ex.svc.engine.balances.values())
        if (b.env === ENV && b.coin === "BTC" && this.isColluder(b.userId)) e += b.available + b.frozen;
      for (const l of this.mg.svc.allLoans())
        if (l.env === ENV && l.coin === "BTC" && this.isColluder(l.account)) e -= l.principal + l.interest;
    } else for (const p of this.colluderPositions()) e += (p.holdSide === "long" ? 1n : -1n) * BigInt(p.size) * INST.baseUnitsPerLot;
    return e;
  }

  /** Moves R to `next` for the colluders' books: exposure × ΔR, and the negative equity the move caused (units of `kind`). */
  private account(next: number, kind: "spot" | "futures"): void {
    const before = this.units();
    this.books.moves += this.exposure(kind) * BigInt(next - this.R);
    const prev = this.R;
    this.R = next;
    const after = this.units();
    this.R = prev;
    const mine = (k: string) => (kind === "futures" ? k.startsWith("fx") : k.startsWith("spot:"));
    for (const [k, v] of after) {
      if (!mine(k)) continue;
      const neg = (x: bigint) => (x < 0n ? -x : 0n);
      const grew = neg(v) - neg(before.get(k) ?? 0n);
      if (grew > 0n) this.books.gaps += grew;
    }
  }

  /** The thief bound's two sides: what the colluders hold plus what they paid, and what explains it. */
  bound(): { held: bigint; explained: bigint } {
    this.countInterest();
    const b = this.books;
    return { held: this.equity() + b.fees + b.interest, explained: b.deposits + b.moves + b.gaps + b.funding };
  }

  // ---- conservation ----------------------------------------------------------------------

  /** Every broken conservation rule, as text (empty when all hold). */
  conservation(): string[] {
    const bad: string[] = [];
    const sums = new Map<string, bigint>();
    for (const b of this.ex.svc.engine.balances.values()) {
      sums.set(`${b.env}:${b.coin}`, (sums.get(`${b.env}:${b.coin}`) ?? 0n) + b.available + b.frozen);
      if (b.userId !== TREASURY && (b.available < 0n || b.frozen < 0n)) bad.push(`spot balance ${b.env}:${b.userId}:${b.coin} negative`);
    }
    for (const [k, v] of sums) if (v !== 0n) bad.push(`spot ledger ${k} sums to ${v}, not 0`);
    for (const env of ["live", "paper"] as const) {
      let equity = 0n;
      for (const a of this.fx.svc.allAccounts()) {
        if (a.env !== env) continue;
        equity += a.balance;
        if (a.frozen < 0n) bad.push(`futures ${env}:${a.userId} frozen ${a.frozen}`);
        if (!a.userId.startsWith("house-") && a.userId !== "protection-fund" && a.balance < 0n)
          bad.push(`futures account ${env}:${a.userId} balance ${a.balance} negative`);
      }
      for (const c of CONTRACTS)
        for (const p of this.fx.svc.bySymbol.get(`${env}:${c.symbol}`) ?? []) if (p.size > 0) equity += upnl(p, this.fx.svc.markValue(p));
      const bridge = this.ex.svc.engine.balance(env, FUTURES_BRIDGE, "USDT");
      if (equity !== bridge.available + bridge.frozen)
        bad.push(`futures ${env}: Σ balance + uPnL = ${equity}, bridge holds ${bridge.available + bridge.frozen}`);
    }
    for (const a of this.fx.svc.allAccounts()) {
      let frozen = 0n;
      for (const o of this.fx.svc.ordersOf(a.env, a.userId)) frozen += o.margin;
      if (frozen !== a.frozen) bad.push(`futures ${a.env}:${a.userId} frozen ${a.frozen} but its orders hold ${frozen}`);
    }
    for (const l of this.mg.svc.allLoans())
      if (l.principal < 0n || l.interest < 0n) bad.push(`loan ${l.env}:${l.account}:${l.coin} negative`);
    return bad;
  }

  /**
   * Every margined holding that is below its maintenance at the engine's mark (futures) or
   * under the liquidation level (margin accounts that owe something), as text: after the checks
   * that a mark update and a trade run, none may be left, and no fill may have opened one.
   */
  insolvent(): string[] {
    const bad: string[] = [];
    const svc = this.fx.svc;
    for (const a of svc.allAccounts()) {
      if (a.env !== ENV || a.userId.startsWith("house-") || a.userId === "protection-fund" || a.userId === "fees") continue;
      for (const p of svc.positionsOf(ENV, a.userId)) {
        if (p.marginMode !== "isolated") continue;
        const value = svc.markValue(p);
        if (p.margin + upnl(p, value) <= svc.maintenance(p, value)) bad.push(`isolated ${a.userId} ${p.holdSide} below maintenance`);
      }
      const sum = svc.summary(ENV, a.userId);
      if (sum.crossMargin > 0n && sum.crossEquity <= sum.maintenance)
        bad.push(`crossed ${a.userId} equity ${sum.crossEquity} ≤ maintenance ${sum.maintenance}`);
    }
    for (const ref of this.mg.svc.debtorsOf(ENV).values()) {
      const st = this.mg.svc.state(ENV, ref);
      if (st.risk !== undefined && st.risk < this.mg.svc.config.liquidationRatio) bad.push(`margin ${st.key} risk ${st.risk}`);
    }
    return bad;
  }

  // ---- the honest market -----------------------------------------------------------------

  /** An order of an honest account on the spot book, its coins brought from the treasury first (a counted outside deposit). */
  async honestOrder(user: string, side: Side, price: number, lots: number, force: "gtc" | "ioc" = "gtc"): Promise<void> {
    if (lots <= 0 || price <= 0) return;
    const eng = this.ex.svc.engine;
    const ch = newChange();
    const o = newOrder(eng.ids, { env: ENV, userId: user, symbol: SYMBOL, side, type: "limit", force, price, size: lots });
    const need = eng.freezeAmount(INST, o);
    const coin = side === "buy" ? INST.quoteCoin : INST.baseCoin;
    const have = eng.balance(ENV, user, coin).available;
    if (need > have) eng.transfer(ENV, TREASURY, user, coin, need - have, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch);
    eng.place(o, ch);
    await this.ex.svc.store.commit(ch);
  }

  private async cancelHonest(): Promise<void> {
    const eng = this.ex.svc.engine;
    const ch = newChange();
    for (const o of [...eng.open.values()])
      if (o.env === ENV && (o.userId === HONEST || o.userId === HONEST2) && o.symbol === SYMBOL) eng.cancel(o, "requote", ch);
    await this.ex.svc.store.commit(ch);
  }

  /**
   * Prints `r` on the spot tape: the honest maker takes what crosses it first, then trades one lot
   * at it with its twin. With `follow`, R moves to `r` (the books take the move), and so does every
   * print on the way that lies between R and `r`.
   */
  private async print(r: number, follow = false): Promise<void> {
    // the bands are anchored on the last trade, which a colluder's tiny trade may have moved: walk back from it first
    for (let last = this.last(); Math.abs(r - last) > walkLimit(last); last = this.last()) {
      const p = r > last ? last + walkLimit(last) : last - walkLimit(last);
      // a print between R and the target is the honest move passing there: a close-out at it is at an honest
      // price, so the books must have moved there too, or they would count the rest of the step as the
      // colluders' (decision 344, seed 344). A print beyond that range (walking back from a colluder's
      // print) is not an honest level, and R does not follow it.
      if (follow && Math.min(this.R, r) < p && p < Math.max(this.R, r)) this.moveTo(p);
      await this.printAt(p);
    }
    if (follow) this.moveTo(r);
    await this.printAt(r);
  }

  /** R moves to `p`: the books take exposure × ΔR. */
  private moveTo(p: number): void {
    this.account(p, "spot");
    this.R = p;
  }

  /** The spot pair's last trade (ticks), R before any. */
  private last(): number {
    return this.ex.market.tape(ENV, SYMBOL).latest(1)[0]?.price ?? this.R;
  }

  private async printAt(r: number): Promise<void> {
    await this.cancelHonest();
    // what crosses R is taken at its own (worse for its owner) price, as a real move would
    await this.honestOrder(HONEST, "buy", r, this.crossing("sell", r), "ioc");
    await this.honestOrder(HONEST, "sell", r, this.crossing("buy", r), "ioc");
    await this.honestOrder(HONEST2, "sell", r, 1);
    await this.honestOrder(HONEST, "buy", r, 1, "ioc");
    await this.cancelHonest();
  }

  /** Lots of the open orders on one side of the book that cross R. */
  private crossing(side: Side, r: number): number {
    let n = 0;
    for (const o of this.ex.svc.engine.open.values())
      if (o.env === ENV && o.symbol === SYMBOL && o.side === side && (side === "sell" ? o.price <= r : o.price >= r))
        n += o.size - o.filled;
    return n;
  }

  /** The honest maker's quotes around R: LEVELS a side, STEP_PPM apart. */
  private async quote(): Promise<void> {
    await this.cancelHonest();
    for (let k = 1; k <= LEVELS; k++) {
      const d = Math.max(1, Math.round((this.R * STEP_PPM * k) / 1_000_000));
      await this.honestOrder(HONEST, "buy", this.R - d, LEVEL_LOTS);
      await this.honestOrder(HONEST, "sell", this.R + d, LEVEL_LOTS);
    }
  }

  /**
   * An honest move of the reference to `next`: the spot print walks there (steps of at most
   * WALK_PPM, each one a real trade the margin risk watch sees), then the futures mark jumps there
   * at once and every mark listener runs (liquidations, ADL, mark-price plans), as the market's
   * pricing step runs them. The colluders' books take exposure × ΔR and any negative equity the
   * move itself caused.
   */
  async honestMove(next: number): Promise<void> {
    next = Math.max(100, Math.round(next));
    const start = this.R;
    let r = start;
    while (r !== next) {
      const limit = walkLimit(r);
      const step = next > r ? Math.min(next, r + limit) : Math.max(next, r - limit);
      await this.print(step, true);
      await this.quote();
      await this.settle();
      r = step;
    }
    if (start === next) {
      await this.print(next);
      await this.quote();
    }
    // futures: the mark jumps to R in one step (ticks of R are the contract's ticks)
    this.R = start;
    this.account(next, "futures");
    this.R = next;
    const ps = this.fx.market.price(ENV, SYMBOL);
    ps.index = next;
    ps.mark = next;
    for (const l of this.fx.market.markListeners) l(ENV, BTC, ps);
    await this.settle();
  }

  /** One second of the futures market's own pricing (index from the spot tape, mark, funding when due). */
  async clock(): Promise<void> {
    this.simNow += 1000;
    this.fx.market.step(this.simNow);
    await this.settle();
  }

  /** Lets every queued piece of work run: commits, auto-repays, margin close-outs, triggered plans. */
  async settle(): Promise<void> {
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setImmediate(r));
      await this.mg.risk.settled();
      await this.ex.plans.idle();
      await this.fx.plans.idle();
      this.copy.drain();
      await this.spotCopy.settle();
    }
    this.countInterest();
  }

  /**
   * A new run: the colluders of the last one are retired (their orders and plans cancelled, so
   * the new colluders find no stale order at a gift price), R goes back to R0, and the books start
   * from zero for the new colluders.
   */
  async newRun(ids: string[]): Promise<void> {
    const old = this.colluders;
    const ch = newChange();
    for (const o of [...this.ex.svc.engine.open.values()]) if (old.has(ledgerOwner(o.userId))) this.ex.svc.engine.cancel(o, "retired", ch);
    await this.ex.svc.store.commit(ch);
    // their margin debts are closed out now, against the honest book: left open, a later run's move
    // would liquidate them into the new colluders' orders, a transfer between the two runs' colluders
    // that the new run's books cannot explain, though the house pays nothing (decision 344)
    for (const ref of [...this.mg.svc.debtorsOf(ENV).values()]) if (old.has(ref.userId)) await this.mg.risk.liquidate(ENV, ref);
    for (const u of old) {
      for (const o of this.fx.svc.ordersOf(ENV, u)) this.fx.svc.cancel(ENV, u, { orderId: o.id });
      try {
        this.fx.plans.cancelAll(
          ENV,
          u,
          new Set(["normal_plan", "track_plan", "profit_plan", "loss_plan", "moving_plan", "pos_profit", "pos_loss"] as const),
        );
      } catch (e) {
        if (!(e instanceof EngineError)) throw e;
      }
      for (const p of this.ex.plans.list(ENV, u)) await this.ex.plans.cancel(ENV, u, { orderId: p.id }).catch(() => undefined);
      // and their futures positions closed at market against the house's book, for the same reason: a later
      // liquidation of them would be worked off into the new colluders' orders (decision 344)
      for (const p of this.fx.svc.positionsOf(ENV, u)) {
        const hedge = this.fx.svc.account(ENV, u).posMode === "hedge_mode";
        try {
          this.fx.svc.place(ENV, u, marketCloseRequest(hedge, p.symbol, p.holdSide, p.size));
        } catch (e) {
          if (!(e instanceof EngineError)) throw e;
        }
      }
    }
    await this.settle();
    this.colluders = new Set();
    await this.honestMove(R0);
    this.colluders = new Set(ids);
    this.books = emptyBooks();
    this.interestSeen = new Map();
    this.countInterest();
  }
}
