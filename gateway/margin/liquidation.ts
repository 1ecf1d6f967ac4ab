/**
 * The margin risk watch and close-out (docs/decisions/320). A trade moves a pair's price; the
 * accounts that owe something and hold or owe that pair's coin are valued again. Under the
 * margin-call level the owner is warned once; under the liquidation level the account is closed
 * out through the spot book: its orders are cancelled, coins it does not owe are sold for USDT,
 * coins it owes are bought back with USDT by system market orders, debts are repaid, and what is
 * still owed is covered by the margin protection fund, which takes whatever the account still holds.
 */
import { protectionPrice } from "../../protocol/price-protection.ts";
import { newOrder } from "../exchange/engine/order.ts";
import { newChange, type Change, type Env } from "../exchange/engine/types.ts";
import { instrument, QUOTE_COIN, type Instrument } from "../exchange/instruments.ts";
import { MARGIN_FUND, MARGIN_POOL, type MarginAccountRef } from "./accounts.ts";
import type { MarginService } from "./service.ts";

/** A buy-back's budget is the debt's value at the best ask plus this share (10^-4), for slippage. */
const BUY_SLIPPAGE = 300n;

export class RiskWatch {
  private readonly pending = new Set<string>();
  private scheduled = false;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly svc: MarginService,
    private readonly log: (err: unknown) => void,
  ) {}

  /** Accounts whose debt or coins moved without a trade (interest, a loan, a transfer), by `env|key`. */
  private readonly accounts = new Map<string, { env: Env; ref: MarginAccountRef }>();

  /** A trade on `symbol`: its accounts are checked after the current engine call. */
  onTrade(env: Env, symbol: string): void {
    this.pending.add(`${env}|${symbol}`);
    this.schedule();
  }

  /** An account changed (an hour of interest may be what takes it under): checked like a trade's. */
  onAccount(env: Env, ref: MarginAccountRef): void {
    this.accounts.set(`${env}|${this.svc.key(ref)}`, { env, ref });
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.running = this.running.then(() => this.checkPending()).catch(this.log);
    });
  }

  /** Resolves when every scheduled check has run (tests and shutdown). */
  async settled(): Promise<void> {
    while (this.scheduled || this.pending.size > 0 || this.accounts.size > 0) {
      await new Promise((r) => setImmediate(r));
      await this.running;
    }
    await this.running;
  }

  private async checkPending(): Promise<void> {
    const list = [...this.pending];
    this.pending.clear();
    const accounts = [...this.accounts.values()];
    this.accounts.clear();
    for (const { env, ref } of accounts) await this.check(env, ref);
    for (const item of list) {
      const [env, symbol] = item.split("|") as [Env, string];
      const inst = instrument(symbol);
      if (!inst) continue;
      for (const ref of this.affected(env, inst)) await this.check(env, ref);
    }
  }

  /** Debtors a move of `inst` can touch: its isolated accounts, and crossed ones holding or owing its base coin. */
  private affected(env: Env, inst: Instrument): MarginAccountRef[] {
    const out: MarginAccountRef[] = [];
    for (const [key, ref] of this.svc.debtorsOf(env)) {
      if (ref.mode === "isolated") {
        if (ref.symbol === inst.symbol) out.push(ref);
        continue;
      }
      const b = this.svc.engine.balances.get(`${env}:${key}:${inst.baseCoin}`);
      if ((b && b.available + b.frozen > 0n) || this.svc.owed(env, key, inst.baseCoin) > 0n) out.push(ref);
    }
    return out;
  }

  /** Values one account: warns, or liquidates it below the level. */
  async check(env: Env, ref: MarginAccountRef): Promise<void> {
    const s = this.svc.state(env, ref);
    if (s.risk === undefined) return;
    if (s.risk < this.svc.config.liquidationRatio) return this.liquidate(env, ref);
    if (this.svc.warnOnce(env, s.key, s.risk)) this.svc.emit({ env, ref, kind: "warning" });
  }

  /** Closes an account out; one transaction, durable before the next check. */
  async liquidate(env: Env, ref: MarginAccountRef): Promise<void> {
    const svc = this.svc;
    const eng = svc.engine;
    const key = svc.key(ref);
    const flag = `${env}|${key}`;
    if (svc.liquidating.has(flag)) return;
    svc.liquidating.add(flag);
    try {
      const start = Date.now();
      const before = svc.state(env, ref);
      const ch = newChange();
      for (const o of [...eng.open.values()]) if (o.env === env && o.userId === key) eng.cancel(o, "liquidation", ch);
      const coins = svc.coinsOf(ref).filter((c) => c !== QUOTE_COIN);
      // coins not owed become USDT
      for (const coin of coins) {
        const excess = eng.balance(env, key, coin).available - svc.owed(env, key, coin);
        const inst = svc.valuation.pairOf(coin);
        if (inst && excess > 0n) this.market(env, ref, inst, "sell", excess, ch, start);
      }
      // coins owed are bought back with USDT
      for (const coin of coins) {
        const need = svc.owed(env, key, coin) - eng.balance(env, key, coin).available;
        const inst = svc.valuation.pairOf(coin);
        if (inst && need > 0n) this.market(env, ref, inst, "buy", need, ch, start);
      }
      for (const coin of svc.coinsOf(ref)) svc.repayFromBalance(env, ref, coin, "liquidation", start, ch);
      const cover = this.cover(env, ref, key, start, ch);
      const end = Date.now();
      svc.record(ch, {
        env,
        ref,
        kind: "liquidation",
        coin: QUOTE_COIN,
        amount: before.assets,
        principal: before.liabilities,
        interest: cover,
        rate: before.risk ?? 0n,
        balance: 0n,
        ts: start,
        endTs: end,
      });
      await svc.exchange.svc.store.commit(ch);
      svc.emit({ env, ref, kind: "liquidation" });
    } finally {
      svc.liquidating.delete(flag);
    }
  }

  /**
   * A system market order of the account: sells `amount` of the base, or buys about `amount` of it,
   * no further from the coin's price than the account's equity pays for (docs/decisions/344): a
   * close-out never buys dearer or sells cheaper than the account's bankruptcy price, so a thin book
   * with a colluder's order at its edge is not filled out of the fund. What it cannot trade there is
   * settled by cover() at the coin's price.
   */
  private market(env: Env, ref: MarginAccountRef, inst: Instrument, side: "buy" | "sell", amount: bigint, ch: Change, now: number): void {
    const eng = this.svc.engine;
    const key = this.svc.key(ref);
    const book = eng.book(env, inst.symbol);
    let size = 0;
    let quoteSize = 0n;
    if (side === "sell") {
      size = Number(amount / inst.baseUnitsPerLot);
      if (size <= 0 || !book.bids.best()) return;
    } else {
      const ask = book.asks.best();
      const usdt = eng.balance(env, key, QUOTE_COIN).available;
      if (!ask || usdt <= 0n) return;
      const lots = (amount + inst.baseUnitsPerLot - 1n) / inst.baseUnitsPerLot;
      // the budget walks the book: the debt's value at the best ask, plus room for a worse fill
      const atAsk = lots * BigInt(ask.price) * inst.quoteUnitsPerTickLot;
      const budget = atAsk + (atAsk * BUY_SLIPPAGE) / 10_000n;
      quoteSize = budget < usdt ? budget : usdt;
      if (quoteSize <= 0n) return;
    }
    const traded =
      side === "sell"
        ? BigInt(size) * inst.baseUnitsPerLot
        : ((amount + inst.baseUnitsPerLot - 1n) / inst.baseUnitsPerLot) * inst.baseUnitsPerLot;
    const price = this.bankruptcyPrice(env, ref, inst, side, traded);
    const o = newOrder(
      eng.ids,
      { env, userId: key, symbol: inst.symbol, side, type: "market", size, quoteSize, price, source: "SYS" },
      now,
    );
    o.clientOid = o.id;
    eng.place(o, ch);
  }

  /**
   * The worst price (ticks) at which the account can trade `traded` base units without its equity
   * going below zero: the coin's price moved by equity ÷ traded, or the coin's price itself when the
   * account has no equity left (then every tick of slippage would be the fund's).
   */
  private bankruptcyPrice(env: Env, ref: MarginAccountRef, inst: Instrument, side: "buy" | "sell", traded: bigint): number {
    const s = this.svc.state(env, ref);
    const equity = s.assets - s.liabilities;
    const at = BigInt(this.svc.valuation.ticks(env, inst));
    const room = equity > 0n && traded > 0n ? (equity * 10n ** BigInt(inst.pricePrecision)) / traded : 0n;
    const limit = side === "buy" ? at + room : at - room;
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    return Number(limit > max ? max : limit < 1n ? 1n : limit);
  }

  /**
   * What the close-out could not repay: the fund pays the pool each debt still owed, in the coin
   * when it holds it, else its USDT value, and takes that value back from what the account still
   * holds (USDT first, then its other coins at their price); what the account cannot give back is
   * the fund's loss, and a debt beyond the fund is written off by the pool. Coins beyond the debt
   * stay the owner's. Returns the fund's loss in USDT.
   */
  private cover(env: Env, ref: MarginAccountRef, key: string, now: number, ch: Change): bigint {
    const svc = this.svc;
    const eng = svc.engine;
    const coins = svc.coinsOf(ref);
    let loss = 0n;
    for (const coin of coins) {
      const loan = svc.loan(env, key, coin);
      if (!loan) continue;
      const debt = loan.principal + loan.interest;
      const value = this.debtValue(env, coin, debt);
      if (eng.balance(env, MARGIN_FUND, coin).available >= debt) {
        eng.transfer(env, MARGIN_FUND, MARGIN_POOL, coin, debt, ["TRANSFER_OUT", "TRANSFER_IN"], "other", ch, "liquidation");
      } else {
        const usdt = eng.balance(env, MARGIN_FUND, QUOTE_COIN).available;
        const pay = value < usdt ? value : usdt;
        if (pay > 0n)
          eng.transfer(env, MARGIN_FUND, MARGIN_POOL, QUOTE_COIN, pay, ["TRANSFER_OUT", "TRANSFER_IN"], "other", ch, "liquidation");
      }
      svc.record(ch, {
        env,
        ref,
        kind: "compensate",
        coin,
        amount: debt,
        principal: loan.principal,
        interest: loan.interest,
        balance: 0n,
        ts: now,
      });
      loan.principal = 0n;
      loan.interest = 0n;
      loan.uTime = now;
      svc.settleLoan(env, loan, ch);
      loss += this.reclaim(env, key, coins, value, ch);
    }
    return loss;
  }

  /**
   * The price (ticks) at which the close-out settles what it could not trade within the account's
   * bankruptcy price: the coin's price, or the best quote on the side the house would trade at when
   * that is worse for the account (a buy-back at the ask above it, coins taken at the bid below it),
   * no further than a market order's protection price. The last trade alone may be a print a
   * colluder's own orders pushed away from the book, and settling there hands the difference to the
   * account (docs/decisions/344); a quote beyond the protection price is not a price the fund would
   * trade at either.
   */
  private settleTicks(env: Env, inst: Instrument, side: "buy" | "sell"): number {
    const price = this.svc.valuation.ticks(env, inst);
    const band = this.svc.engine.band;
    const book = this.svc.engine.book(env, inst.symbol);
    const quote = side === "buy" ? book.asks.best() : book.bids.best();
    if (!band || !quote) return price;
    const limit = protectionPrice(side, price, band);
    return side === "buy" ? Math.max(price, Math.min(quote.price, limit)) : Math.min(price, Math.max(quote.price, limit));
  }

  /** What buying back `debt` of `coin` costs at settleTicks (USDT units, rounded up against the account). */
  private debtValue(env: Env, coin: string, debt: bigint): bigint {
    const inst = this.svc.valuation.pairOf(coin);
    if (!inst) return debt;
    const den = 10n ** BigInt(inst.pricePrecision);
    return (debt * BigInt(this.settleTicks(env, inst, "buy")) + den - 1n) / den;
  }

  /** Moves up to `due` (USDT value) of the account's coins to the fund; returns what was missing. */
  private reclaim(env: Env, key: string, coins: readonly string[], due: bigint, ch: Change): bigint {
    const eng = this.svc.engine;
    for (const coin of [QUOTE_COIN, ...coins.filter((c) => c !== QUOTE_COIN)]) {
      if (due <= 0n) break;
      const held = eng.balance(env, key, coin).available;
      // coins are taken at what selling them fetches (settleTicks), USDT at par
      const inst = this.svc.valuation.pairOf(coin);
      const ticks = inst ? BigInt(this.settleTicks(env, inst, "sell")) : 1n;
      const scale = inst ? 10n ** BigInt(inst.pricePrecision) : 1n;
      const worth = (held * ticks) / scale;
      if (held === 0n || worth === 0n) continue;
      let take = held;
      if (worth > due) {
        // the amount worth `due`, rounded up against the account
        take = (due * scale + ticks - 1n) / ticks;
        if (take > held) take = held;
      }
      eng.transfer(env, key, MARGIN_FUND, coin, take, ["TRANSFER_OUT", "TRANSFER_IN"], "other", ch, "liquidation");
      const got = worth > due ? due : worth;
      due -= got;
    }
    return due > 0n ? due : 0n;
  }
}
