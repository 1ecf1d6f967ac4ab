/**
 * The embedded exchange, built once on a migrated database: storage, the engine rebuilt from the database, plan orders,
 * the simulated market and the deposit poll. Routes and streams are handed this object; they do
 * not build anything themselves. `close()` stops the timers and flushes what is pending.
 */
import type { Db } from "../db/database.ts";
import type { ExchangeConfig } from "./config.ts";
import { formatScaled } from "./decimal.ts";
import { ledgerOwner, type Env } from "./engine/types.ts";
import { lots, price } from "./format.ts";
import { PLATFORM_SYMBOL } from "../../protocol/fee-deduction.ts";
import { INSTRUMENTS, LEDGER_SCALE, type Instrument } from "./instruments.ts";
import { mergedLevels, type Level } from "./market/depth.ts";
import { MarketData } from "./market/market-data.ts";
import { MarketSimulator } from "./market/simulator.ts";
import { PlanService } from "./plan-service.ts";
import { ExchangeService } from "./service.ts";
import { SubTransferStore } from "./sub-transfer-store.ts";
import { TransferOids } from "./transfer-oids.ts";

const DEPOSIT_POLL_MS = 1000;
/** The platform coin's pair among the listed ones (the simulator's process index, docs/decisions/353). */
const PLATFORM_INDEX = INSTRUMENTS.findIndex((x) => x.symbol === PLATFORM_SYMBOL);

/** Main and sub-accounts as the exchange needs them (transfers, welcome funds); the accounts service provides it. */
export interface AccountDirectory {
  /** Where an account sits: its main account (sub-accounts only) and whether it is frozen. */
  of(userId: string): { parentId: string | null; frozen: boolean } | undefined;
  /** The sub-accounts of a main account, oldest first. */
  subAccounts(mainId: string): Array<{ userId: string; frozen: boolean }>;
}

export class Exchange {
  readonly svc: ExchangeService;
  readonly market: MarketData;
  readonly simulator: MarketSimulator;
  readonly plans: PlanService;
  readonly transfers: SubTransferStore;
  /** The clientOid of each wallet transfer (spot, futures, margin). */
  readonly transferOids: TransferOids;
  private readonly depositTimer: NodeJS.Timeout;

  constructor(
    db: Db,
    readonly config: ExchangeConfig,
    seed: number,
    readonly accounts: AccountDirectory,
    log: (err: unknown) => void,
  ) {
    this.svc = new ExchangeService(db, config, (userId) => !accounts.of(userId)?.parentId);
    this.svc.store.reportError = log;
    // self-trade prevention: a margin account is its owner's, a sub-account its main account's (docs/decisions/340)
    this.svc.engine.stpOwner = (userId) => {
      const owner = ledgerOwner(userId);
      return accounts.of(owner)?.parentId ?? owner;
    };
    this.svc.load();
    this.transfers = new SubTransferStore(db);
    this.transferOids = new TransferOids(db);
    this.market = new MarketData(seed, this.svc.store.genesis());
    this.market.candles.load(db);
    // the price bands' reference before a book's first trade: the last candle (docs/decisions/340)
    this.svc.engine.fallbackRef = (_env, symbol) => this.market.candles.lastPrice(symbol) ?? 0;
    this.simulator = new MarketSimulator(this.svc, this.market, seed, log);
    this.svc.engine.deductPrice = (env) => this.platformCoinPrice(env);
    this.svc.engine.events.onFill = (f) => {
      this.market.onFill(f);
      this.simulator.onFill(f.env, f.symbol, f.maker, f.size);
    };
    this.plans = new PlanService(
      this.svc,
      (env, symbol) => this.market.tape(env, symbol).latest(1)[0]?.price ?? this.market.candles.lastPrice(symbol),
      log,
    );
    this.plans.load();
    this.market.listeners.add((env, symbol, t) => this.plans.onTrade(env, symbol, t.price));
    const poll = () => void this.svc.applyDeposits().catch(log);
    poll();
    this.depositTimer = setInterval(poll, DEPOSIT_POLL_MS);
    this.depositTimer.unref();
    if (config.simulator) this.simulator.start();
  }

  /**
   * The platform coin's conversion price for fees (docs/decisions/353), USDT ledger units per coin:
   * the lower of its pair's reference (last trade, else last candle) and the simulated market's
   * fair price, which no user's trade moves. Colluders can only push the last trade down, and a
   * lower price makes them pay more coins: the conversion cannot be used to move value.
   */
  private platformCoinPrice(env: Env): bigint {
    const i = PLATFORM_INDEX;
    const inst = INSTRUMENTS[i];
    if (!inst) return 0n;
    const scale = 10 ** inst.pricePrecision;
    const fair = Math.floor((this.simulator.pins.get(`${env}:${PLATFORM_SYMBOL}`) ?? this.simulator.fair(i)) * scale);
    const ref = this.svc.engine.reference(env, PLATFORM_SYMBOL);
    const ticks = ref > 0 && fair > 0 ? Math.min(ref, fair) : Math.max(ref, fair, 0);
    return BigInt(ticks) * 10n ** BigInt(LEDGER_SCALE - inst.pricePrecision);
  }

  close(): void {
    clearInterval(this.depositTimer);
    this.simulator.stop();
    this.svc.store.flush();
  }

  /** Book depth, optionally merged into buckets of 10^step ticks (bids down, asks up). */
  depth(env: Env, inst: Instrument, n: number, step = 0) {
    const { asks, bids } = mergedLevels(this.svc.engine.book(env, inst.symbol), n, step);
    const text = (levels: Level[]) => levels.map(([p, s]) => [price(inst, p), lots(inst, s)]);
    return { asks: text(asks), bids: text(bids), ts: String(Date.now()) };
  }

  ticker(env: Env, inst: Instrument, now: number) {
    const book = this.svc.engine.book(env, inst.symbol);
    const st = this.market.candles.stats24h(inst.symbol, now);
    const bid = book.bids.best();
    const ask = book.asks.best();
    const last = this.market.tape(env, inst.symbol).latest(1)[0]?.price ?? st?.close ?? 0;
    const change = (from: number) => (from > 0 ? formatScaled(BigInt(Math.round(((last - from) / from) * 10_000)), 4) : "0");
    const cents = (c: number) => formatScaled(BigInt(Math.round(c)), 2);
    return {
      symbol: inst.symbol,
      high24h: price(inst, st?.high ?? last),
      open: price(inst, st?.open ?? last),
      low24h: price(inst, st?.low ?? last),
      lastPr: price(inst, last),
      quoteVolume: cents(st?.quoteCents ?? 0),
      baseVolume: lots(inst, st?.base ?? 0),
      usdtVolume: cents(st?.quoteCents ?? 0),
      bidPr: bid ? price(inst, bid.price) : "",
      askPr: ask ? price(inst, ask.price) : "",
      bidSz: bid ? lots(inst, bid.lots) : "",
      askSz: ask ? lots(inst, ask.lots) : "",
      openUtc: price(inst, st?.openUtc ?? last),
      ts: String(now),
      changeUtc24h: change(st?.openUtc ?? 0),
      change24h: change(st?.open ?? 0),
    };
  }
}
