/**
 * The margin area's rules (docs/decisions/320): accounts funded from spot, borrowing and repayment
 * within the tier and collateral limits, hourly interest, risk rate, the margin call and the hand-off
 * to liquidation. Coins live in the spot ledger under the account's key (accounts.ts); what is owed
 * lives here and in mg_loans. Every change is one spot-store transaction, durable before the answer.
 */
import { BORROWABLE_COINS, MARGIN_CODES, type MarginAccountMode } from "../../protocol/margin.ts";
import { formatScaled } from "../exchange/decimal.ts";
import { IdGen } from "../exchange/engine/order.ts";
import { EngineError, TREASURY, newChange, type Balance, type Change, type Env } from "../exchange/engine/types.ts";
import type { Exchange } from "../exchange/exchange.ts";
import { COINS, instrument, type Instrument } from "../exchange/instruments.ts";
import { accountKey, MARGIN_FUND, MARGIN_POOL, parseAccountKey, type MarginAccountRef } from "./accounts.ts";
import { RATE_SCALE, type MarginConfig } from "./config.ts";
import type { Loan, MarginRecord, MarginStore } from "./store.ts";
import { borrowLimit, leverageOf } from "./tiers.ts";
import { riskRate, RISK_SCALE, Valuation } from "./valuation.ts";

const HOURS_PER_DAY = 24n;
const RATE_DEN = 10n ** BigInt(RATE_SCALE) * HOURS_PER_DAY;

/** One coin of a margin account: what it holds and what it owes. */
export interface CoinState {
  coin: string;
  available: bigint;
  frozen: bigint;
  principal: bigint;
  interest: bigint;
  uTime: number;
}

/** A margin account valued now. */
export interface AccountState {
  env: Env;
  ref: MarginAccountRef;
  key: string;
  coins: CoinState[];
  /** USDT ledger units, rounded down. */
  assets: bigint;
  /** USDT ledger units, rounded up. */
  liabilities: bigint;
  /** assets / liabilities in 10^-4; undefined without liabilities. */
  risk: bigint | undefined;
}

/** Changes of what an account holds and owes, by coin (an order's expected fill, a loan). */
export interface AccountDelta {
  held: Map<string, bigint>;
  owed: Map<string, bigint>;
}

/** What the margin streams are told besides committed spot changes. */
export interface MarginEvent {
  env: Env;
  ref: MarginAccountRef;
  kind: "account" | "warning" | "liquidation";
}

const errorOf = (code: string, msg: string) => new EngineError(code, msg);

export class MarginService {
  readonly valuation: Valuation;
  readonly ids: IdGen;
  /** Loans by `env|account`, then coin. */
  private readonly loans = new Map<string, Map<string, Loan>>();
  /** Accounts that owe something, by env: the only ones a price move can put at risk. */
  private readonly debtors: Record<Env, Map<string, MarginAccountRef>> = { live: new Map(), paper: new Map() };
  /** Accounts below the margin-call level, warned once until they recover. */
  private readonly warned = new Set<string>();
  /** Accounts being closed out: no borrowing, orders or transfers meanwhile. */
  readonly liquidating = new Set<string>();
  readonly listeners = new Set<(e: MarginEvent) => void>();

  constructor(
    readonly store: MarginStore,
    readonly exchange: Exchange,
    readonly config: MarginConfig,
  ) {
    this.valuation = new Valuation(exchange);
    this.ids = new IdGen(store.maxRecordId());
  }

  get engine() {
    return this.exchange.svc.engine;
  }

  load(): void {
    for (const l of this.store.loadLoans()) {
      this.loanMap(l.env, l.account).set(l.coin, l);
      const ref = parseAccountKey(l.account);
      if (ref) this.debtors[l.env].set(l.account, ref);
    }
  }

  /** Puts the protection fund's opening balance in each environment once. */
  async seedFund(): Promise<void> {
    const ch = newChange();
    for (const env of ["live", "paper"] as const) {
      const flag = `fund-seeded:${env}`;
      if (this.store.meta(flag) || this.config.fundUsdt <= 0n) continue;
      this.engine.transfer(env, TREASURY, MARGIN_FUND, "USDT", this.config.fundUsdt, ["TRANSFER_OUT", "DEPOSIT"], "other", ch);
      ch.extra.push(() => this.store.setMeta(flag, String(Date.now())));
    }
    await this.exchange.svc.store.commit(ch);
  }

  // ---- accounts ------------------------------------------------------------------------------

  /** The account a request names: the crossed one, or the isolated one of a listed margin pair. */
  ref(userId: string, mode: MarginAccountMode, symbol?: string): MarginAccountRef {
    if (mode === "crossed") return { userId, mode, symbol: "" };
    const inst = this.isolatedPair(symbol);
    return { userId, mode, symbol: inst.symbol };
  }

  isolatedPair(symbol: string | undefined): Instrument {
    if (!symbol) throw errorOf(MARGIN_CODES.paramEmpty, "Parameter symbol cannot be empty");
    const inst = instrument(symbol.toUpperCase());
    if (!inst || !this.borrowable(inst.baseCoin))
      throw errorOf(MARGIN_CODES.paramNotExist, `Parameter ${symbol.slice(0, 32)} does not exist as a margin pair`);
    return inst;
  }

  borrowable(coin: string): boolean {
    return (BORROWABLE_COINS as readonly string[]).includes(coin);
  }

  key(ref: MarginAccountRef): string {
    return accountKey(ref.userId, ref.mode, ref.symbol);
  }

  /** The coins an account may hold: every listed coin (crossed) or the pair's two (isolated). */
  coinsOf(ref: MarginAccountRef): readonly string[] {
    if (ref.mode === "crossed") return COINS;
    const inst = instrument(ref.symbol) as Instrument;
    return [inst.baseCoin, inst.quoteCoin];
  }

  /** Refuses a coin the account cannot hold (40034) or, when `lend`, one that is not lent (50024). */
  checkCoin(ref: MarginAccountRef, coin: string, lend: boolean): void {
    if (!this.coinsOf(ref).includes(coin)) throw errorOf(MARGIN_CODES.paramNotExist, `Parameter coin ${coin.slice(0, 16)} does not exist`);
    if (lend && !this.borrowable(coin)) throw errorOf(MARGIN_CODES.notBorrowable, `${coin} cannot be borrowed`);
  }

  private loanMap(env: Env, key: string): Map<string, Loan> {
    const k = `${env}|${key}`;
    let m = this.loans.get(k);
    if (!m) {
      m = new Map();
      this.loans.set(k, m);
    }
    return m;
  }

  loan(env: Env, key: string, coin: string): Loan | undefined {
    return this.loans.get(`${env}|${key}`)?.get(coin);
  }

  owed(env: Env, key: string, coin: string): bigint {
    const l = this.loan(env, key, coin);
    return l ? l.principal + l.interest : 0n;
  }

  /** Every loan (interest accrual and the conservation tests read them). */
  *allLoans(): Iterable<Loan> {
    for (const m of this.loans.values()) yield* m.values();
  }

  debtorsOf(env: Env): ReadonlyMap<string, MarginAccountRef> {
    return this.debtors[env];
  }

  /**
   * The account valued now; with `delta`, as it would be after an order's expected fill or a loan
   * (docs/decisions/340: coins held and owed changed by the amounts given, valued at today's prices).
   */
  state(env: Env, ref: MarginAccountRef, delta?: AccountDelta): AccountState {
    const key = this.key(ref);
    const coins: CoinState[] = [];
    let assets = 0n;
    let liabilities = 0n;
    for (const coin of this.coinsOf(ref)) {
      const b = this.engine.balance(env, key, coin);
      const l = this.loan(env, key, coin);
      const held = b.available + b.frozen + (delta?.held.get(coin) ?? 0n);
      const owed = (l ? l.principal + l.interest : 0n) + (delta?.owed.get(coin) ?? 0n);
      coins.push({
        coin,
        available: b.available,
        frozen: b.frozen,
        principal: l?.principal ?? 0n,
        interest: l?.interest ?? 0n,
        uTime: Math.max(b.uTime, l?.uTime ?? 0),
      });
      assets += this.valuation.value(env, coin, held > 0n ? held : 0n);
      if (owed > 0n) liabilities += this.valuation.value(env, coin, owed, true);
    }
    return { env, ref, key, coins, assets, liabilities, risk: riskRate(assets, liabilities) };
  }

  /**
   * The post-trade check (docs/decisions/340): refuses (50026) what would leave the account under
   * its liquidation level, valued as the risk watch values it.
   */
  checkRiskAfter(env: Env, ref: MarginAccountRef, delta: AccountDelta): AccountState {
    const after = this.state(env, ref, delta);
    if (after.risk !== undefined && after.risk < this.config.liquidationRatio)
      throw errorOf(
        MARGIN_CODES.riskCheck,
        `Loan risk control check failed: the risk rate would be ${formatScaled(after.risk, 4)}, under the liquidation level ${formatScaled(this.config.liquidationRatio, 4)}`,
      );
    return after;
  }

  /** The isolated accounts a user has used (any coin or debt), by pair. */
  isolatedRefs(env: Env, userId: string): MarginAccountRef[] {
    const out: MarginAccountRef[] = [];
    for (const inst of this.marginPairs()) {
      const ref: MarginAccountRef = { userId, mode: "isolated", symbol: inst.symbol };
      const key = this.key(ref);
      const used =
        this.loans.get(`${env}|${key}`)?.size ||
        [inst.baseCoin, inst.quoteCoin].some((c) => {
          const b = this.engine.balances.get(`${env}:${key}:${c}`);
          return b !== undefined && (b.available > 0n || b.frozen > 0n || b.uTime > 0);
        });
      if (used) out.push(ref);
    }
    return out;
  }

  marginPairs(): Instrument[] {
    return BORROWABLE_COINS.flatMap((c) => (c === "USDT" ? [] : [instrument(`${c}USDT`)].filter((i): i is Instrument => !!i)));
  }

  // ---- limits --------------------------------------------------------------------------------

  /** The most of `coin` the account may borrow now: the tier's limit less what it owes, and its collateral's room. */
  maxBorrowable(env: Env, ref: MarginAccountRef, coin: string): bigint {
    if (!this.borrowable(coin) || !this.coinsOf(ref).includes(coin)) return 0n;
    const key = this.key(ref);
    if (this.liquidating.has(`${env}|${key}`)) return 0n;
    const s = this.state(env, ref);
    const byTier = borrowLimit(coin) - this.owed(env, key, coin);
    // borrowing adds the same value to assets and liabilities: liabilities may grow to equity x (leverage - 1)
    const equity = s.assets - s.liabilities;
    const room = equity * (leverageOf(ref.mode) - 1n) - s.liabilities;
    const byCollateral = this.valuation.amountFor(env, coin, room);
    const max = byTier < byCollateral ? byTier : byCollateral;
    return max > 0n ? max : 0n;
  }

  /** The most of `coin` that may leave the account and keep it within its leverage. */
  maxTransferOut(env: Env, ref: MarginAccountRef, coin: string): bigint {
    const key = this.key(ref);
    if (this.liquidating.has(`${env}|${key}`)) return 0n;
    const available = this.engine.balance(env, key, coin).available;
    const s = this.state(env, ref);
    if (s.liabilities === 0n) return available;
    const lev = leverageOf(ref.mode);
    // what must stay: liabilities x leverage / (leverage - 1), rounded up
    const keep = (s.liabilities * lev + lev - 2n) / (lev - 1n);
    const spare = s.assets - keep;
    if (spare <= 0n) return 0n;
    const byValue = this.valuation.amountFor(env, coin, spare);
    return byValue < available ? byValue : available;
  }

  /** What lending `amount` of `coin` changes: the coin arrives, and is owed with its first hour of interest. */
  loanDelta(coin: string, amount: bigint, delta: AccountDelta = { held: new Map(), owed: new Map() }): AccountDelta {
    if (amount <= 0n) return delta;
    delta.held.set(coin, (delta.held.get(coin) ?? 0n) + amount);
    delta.owed.set(coin, (delta.owed.get(coin) ?? 0n) + amount + this.hourInterest(coin, amount));
    return delta;
  }

  /** The interest of one hour on `amount` of `coin`, rounded up. */
  hourInterest(coin: string, amount: bigint): bigint {
    const rate = this.config.dailyRates.get(coin) ?? 0n;
    return (amount * rate + RATE_DEN - 1n) / RATE_DEN;
  }

  // ---- borrowing and repayment ---------------------------------------------------------------

  async borrow(env: Env, ref: MarginAccountRef, coin: string, amount: bigint): Promise<{ loanId: string }> {
    this.checkCoin(ref, coin, true);
    this.checkNotLiquidating(env, ref);
    if (amount > this.maxBorrowable(env, ref, coin))
      throw errorOf(MARGIN_CODES.borrowExceeds, "The borrowing amount exceeds the maximum borrowable amount");
    this.checkRiskAfter(env, ref, this.loanDelta(coin, amount));
    const ch = newChange();
    const now = Date.now();
    const loanId = this.ids.text(this.ids.next(now));
    this.lend(env, ref, coin, amount, loanId, "manual", now, ch);
    await this.commit(ch, env, ref);
    return { loanId };
  }

  /** Lends `amount` from the pool (funded from the treasury when short) and charges the first hour at once, as Bitget does. */
  lend(env: Env, ref: MarginAccountRef, coin: string, amount: bigint, loanId: string, type: string, now: number, ch: Change): void {
    const key = this.key(ref);
    const pool = this.engine.balance(env, MARGIN_POOL, coin);
    if (pool.available < amount)
      this.engine.transfer(env, TREASURY, MARGIN_POOL, coin, amount - pool.available, ["TRANSFER_OUT", "DEPOSIT"], "other", ch, loanId);
    this.engine.transfer(env, MARGIN_POOL, key, coin, amount, ["TRANSFER_OUT", "TRANSFER_IN"], "transfer", ch, loanId);
    const loans = this.loanMap(env, key);
    let loan = loans.get(coin);
    if (!loan) {
      loan = { env, account: key, coin, principal: 0n, interest: 0n, nextInterestAt: now + this.config.interestIntervalMs, uTime: now };
      loans.set(coin, loan);
    }
    const first = this.hourInterest(coin, amount);
    loan.principal += amount;
    loan.interest += first;
    loan.uTime = now;
    this.debtors[env].set(key, ref);
    const l = loan;
    ch.extra.push(() => this.store.writeLoan(l));
    const balance = this.total(this.engine.balance(env, key, coin));
    this.record(ch, { env, ref, kind: "borrow", coin, amount, ref2: loanId, ts: now, balance, detail: type });
    if (first > 0n)
      this.record(ch, {
        env,
        ref,
        kind: "interest",
        coin,
        amount: first,
        rate: this.config.dailyRates.get(coin) ?? 0n,
        ts: now,
        balance,
        detail: "first_hour",
      });
  }

  async repay(
    env: Env,
    ref: MarginAccountRef,
    coin: string,
    amount: bigint,
  ): Promise<{ repayId: string; repayAmount: bigint; remainDebtAmount: bigint }> {
    this.checkCoin(ref, coin, false);
    this.checkNotLiquidating(env, ref);
    const key = this.key(ref);
    const owed = this.owed(env, key, coin);
    if (owed === 0n || amount > owed) throw errorOf(MARGIN_CODES.repayExceeds, "The repayment amount exceeds the outstanding debt");
    if (this.engine.balance(env, key, coin).available < amount) throw errorOf(MARGIN_CODES.insufficientBalance, "Insufficient balance");
    const ch = newChange();
    const now = Date.now();
    const repayId = this.ids.text(this.ids.next(now));
    this.pay(env, ref, coin, amount, repayId, "manual", now, ch);
    await this.commit(ch, env, ref);
    return { repayId, repayAmount: amount, remainDebtAmount: this.owed(env, key, coin) };
  }

  /** Pays `amount` of a loan from the account to the pool: interest first, then principal. */
  pay(env: Env, ref: MarginAccountRef, coin: string, amount: bigint, repayId: string, type: string, now: number, ch: Change): void {
    const key = this.key(ref);
    const loan = this.loan(env, key, coin);
    if (!loan || amount <= 0n) return;
    this.engine.transfer(env, key, MARGIN_POOL, coin, amount, ["TRANSFER_OUT", "TRANSFER_IN"], "transfer", ch, repayId);
    const toInterest = amount < loan.interest ? amount : loan.interest;
    const toPrincipal = amount - toInterest;
    loan.interest -= toInterest;
    loan.principal -= toPrincipal;
    loan.uTime = now;
    const balance = this.total(this.engine.balance(env, key, coin));
    this.record(ch, {
      env,
      ref,
      kind: "repay",
      coin,
      amount,
      principal: toPrincipal,
      interest: toInterest,
      ref2: repayId,
      ts: now,
      balance,
      detail: type,
    });
    this.settleLoan(env, loan, ch);
  }

  /** Writes a loan and forgets it (and the debtor) once nothing is owed. */
  settleLoan(env: Env, loan: Loan, ch: Change): void {
    ch.extra.push(() => this.store.writeLoan(loan));
    if (loan.principal > 0n || loan.interest > 0n) return;
    const loans = this.loanMap(env, loan.account);
    loans.delete(loan.coin);
    if (loans.size === 0) {
      this.loans.delete(`${env}|${loan.account}`);
      this.debtors[env].delete(loan.account);
      this.warned.delete(`${env}|${loan.account}`);
    }
  }

  /** Repays what the account holds of `coin` towards its debt in it, at most `cap` (an order's proceeds). */
  repayFromBalance(env: Env, ref: MarginAccountRef, coin: string, type: string, now: number, ch: Change, cap?: bigint): void {
    const key = this.key(ref);
    const owed = this.owed(env, key, coin);
    if (owed === 0n) return;
    const available = this.engine.balance(env, key, coin).available;
    let amount = available < owed ? available : owed;
    if (cap !== undefined && cap < amount) amount = cap;
    if (amount > 0n) this.pay(env, ref, coin, amount, this.ids.text(this.ids.next(now)), type, now, ch);
  }

  // ---- interest ------------------------------------------------------------------------------

  /** Charges every hour that has come due (at most `catchUp` at once after a long stop), in one transaction. */
  async accrue(now = Date.now(), catchUp = 24 * 7): Promise<number> {
    const ch = newChange();
    let charged = 0;
    const touched: Loan[] = [];
    const interval = this.config.interestIntervalMs;
    for (const loan of this.allLoans()) {
      if (loan.nextInterestAt > now || loan.principal === 0n) continue;
      const periods = Math.min(catchUp, Math.floor((now - loan.nextInterestAt) / interval) + 1);
      loan.nextInterestAt += Math.floor((now - loan.nextInterestAt) / interval + 1) * interval;
      const amount = this.hourInterest(loan.coin, loan.principal) * BigInt(periods);
      const ref = parseAccountKey(loan.account);
      if (!ref) continue;
      loan.interest += amount;
      loan.uTime = now;
      const l = loan;
      ch.extra.push(() => this.store.writeLoan(l));
      const balance = this.total(this.engine.balance(loan.env, loan.account, loan.coin));
      this.record(ch, {
        env: loan.env,
        ref,
        kind: "interest",
        coin: loan.coin,
        amount,
        rate: this.config.dailyRates.get(loan.coin) ?? 0n,
        ts: now,
        balance,
        detail: "hourly",
      });
      charged++;
      touched.push(loan);
    }
    if (charged === 0) return 0;
    await this.exchange.svc.store.commit(ch);
    for (const loan of touched) {
      const ref = parseAccountKey(loan.account);
      if (ref) this.emit({ env: loan.env, ref, kind: "account" });
    }
    return charged;
  }

  // ---- transfers with spot -------------------------------------------------------------------

  /**
   * Moves a coin between the user's spot account and a margin account (Bitget's `wallet/transfer`);
   * `extra` is written in the same commit (the transfer's clientOid).
   */
  async transfer(
    env: Env,
    ref: MarginAccountRef,
    coin: string,
    amount: bigint,
    toMargin: boolean,
    transferId: string,
    extra?: () => void,
  ): Promise<void> {
    this.checkCoin(ref, coin, false);
    this.checkNotLiquidating(env, ref);
    const key = this.key(ref);
    const ch = newChange();
    const now = Date.now();
    this.exchange.svc.ensureAccount(env, ref.userId, ch);
    if (!toMargin && amount > this.maxTransferOut(env, ref, coin)) {
      this.exchange.svc.store.keep(ch);
      throw errorOf(MARGIN_CODES.transferExceeds, "The transfer amount exceeds the maximum transferable amount");
    }
    try {
      if (toMargin) this.engine.transfer(env, ref.userId, key, coin, amount, ["TRANSFER_OUT", "TRANSFER_IN"], "transfer", ch, transferId);
      else this.engine.transfer(env, key, ref.userId, coin, amount, ["TRANSFER_OUT", "TRANSFER_IN"], "transfer", ch, transferId);
    } catch (err) {
      // funding of a new spot account is still worth keeping
      this.exchange.svc.store.keep(ch);
      throw err;
    }
    const balance = this.total(this.engine.balance(env, key, coin));
    this.record(ch, { env, ref, kind: toMargin ? "transfer_in" : "transfer_out", coin, amount, ref2: transferId, ts: now, balance });
    if (extra) ch.extra.push(extra);
    await this.commit(ch, env, ref);
  }

  /** A simulation reset: margin orders cancelled, debts forgiven (demo coins), coins back to the treasury. */
  resetPaper(userId: string): void {
    const eng = this.engine;
    const ch = newChange();
    const now = Date.now();
    for (const ref of [this.ref(userId, "crossed"), ...this.isolatedRefs("paper", userId)]) {
      const key = this.key(ref);
      for (const o of [...eng.open.values()]) if (o.env === "paper" && o.userId === key) eng.cancel(o, "account reset", ch);
      for (const coin of this.coinsOf(ref)) {
        const loan = this.loan("paper", key, coin);
        if (loan) {
          this.record(ch, { env: "paper", ref, kind: "confiscated", coin, amount: loan.principal + loan.interest, balance: 0n, ts: now });
          loan.principal = 0n;
          loan.interest = 0n;
          this.settleLoan("paper", loan, ch);
        }
        const b = eng.balance("paper", key, coin);
        if (b.available > 0n) eng.transfer("paper", key, TREASURY, coin, b.available, ["SYSTEM_RESET", "SYSTEM_RESET"], "other", ch);
      }
    }
    this.exchange.svc.store.keep(ch);
  }

  // ---- helpers -------------------------------------------------------------------------------

  checkNotLiquidating(env: Env, ref: MarginAccountRef): void {
    if (this.liquidating.has(`${env}|${this.key(ref)}`)) throw errorOf(MARGIN_CODES.liquidating, "The account is being liquidated");
  }

  total(b: Balance): bigint {
    return b.available + b.frozen;
  }

  record(
    ch: Change,
    r: {
      env: Env;
      ref: MarginAccountRef;
      kind: string;
      coin: string;
      amount: bigint;
      principal?: bigint;
      interest?: bigint;
      rate?: bigint;
      balance: bigint;
      ref2?: string;
      ts: number;
      endTs?: number;
      detail?: string;
    },
  ): MarginRecord {
    const row: MarginRecord = {
      id: this.ids.next(r.ts),
      env: r.env,
      userId: r.ref.userId,
      mode: r.ref.mode,
      symbol: r.ref.symbol,
      kind: r.kind,
      coin: r.coin,
      amount: r.amount,
      principal: r.principal ?? 0n,
      interest: r.interest ?? 0n,
      rate: r.rate ?? 0n,
      balance: r.balance,
      ref: r.detail ? `${r.ref2 ?? ""}|${r.detail}` : (r.ref2 ?? ""),
      ts: r.ts,
      endTs: r.endTs ?? r.ts,
    };
    ch.extra.push(() => this.store.writeRecord(row));
    return row;
  }

  /** Commits a change and tells the streams the account moved. */
  async commit(ch: Change, env: Env, ref: MarginAccountRef): Promise<void> {
    await this.exchange.svc.store.commit(ch);
    this.emit({ env, ref, kind: "account" });
  }

  emit(e: MarginEvent): void {
    for (const l of this.listeners) l(e);
  }

  /** Whether the account is under the margin-call level; true only the first time until it recovers. */
  warnOnce(env: Env, key: string, risk: bigint | undefined): boolean {
    const k = `${env}|${key}`;
    if (risk === undefined || risk >= this.config.warningRatio) {
      this.warned.delete(k);
      return false;
    }
    if (this.warned.has(k)) return false;
    this.warned.add(k);
    return true;
  }
}

export { RISK_SCALE };
