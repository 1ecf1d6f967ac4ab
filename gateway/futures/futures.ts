/**
 * The embedded futures exchange, built once next to the spot exchange (docs/decisions/310): the
 * market (books, tapes, candles, pricing, funding), its house liquidity and the durable store.
 * Routes and streams are handed this object; `close()` stops the clock and flushes.
 */
import type { Db } from "../db/database.ts";
import { IdGen } from "../exchange/engine/order.ts";
import type { FeeLookup } from "../exchange/engine/engine.ts";
import type { Env } from "../exchange/engine/types.ts";
import type { Exchange } from "../exchange/exchange.ts";
import type { FuturesConfig } from "./config.ts";
import { newFxChange, type FxChange, type FxOrder } from "./ledger.ts";
import { FuturesMarket } from "./market.ts";
import { PriceControl } from "./price-control.ts";
import { PriceControlStore } from "./price-control-store.ts";
import { FuturesPlans } from "./plans.ts";
import { BASE_FUTURES_FEES, FuturesService } from "./service.ts";
import { FuturesSimulator } from "./simulator.ts";
import { FuturesStore } from "./store.ts";
import { FuturesOpening } from "./opening.ts";
import { Ticker } from "../ticker.ts";

const TICK_MS = 1000;

export class Futures {
  readonly store: FuturesStore;
  readonly market: FuturesMarket;
  readonly simulator: FuturesSimulator;
  readonly ids: IdGen;
  readonly svc: FuturesService;
  /** Plan (trigger) and TP/SL orders (docs/decisions/315). */
  readonly plans: FuturesPlans;
  /** Which accounts opened futures (docs/decisions/351). */
  readonly opening: FuturesOpening;
  /** The change the current simulator step writes (house fills may touch users' resting orders). */
  private stepChange: FxChange = newFxChange();
  private readonly clock = new Ticker();
  private steps = 0;

  constructor(
    db: Db,
    readonly exchange: Exchange,
    readonly config: FuturesConfig,
    seed: number,
    private readonly log: (err: unknown) => void,
    /** Each account's rates by its VIP tier (docs/decisions/332); the base tier when not given. */
    fees: FeeLookup = BASE_FUTURES_FEES,
    now = Date.now(),
  ) {
    this.store = new FuturesStore(db);
    this.opening = new FuturesOpening(db);
    // ids stay above every stored order and bill, and above the clock's own (newOrder uses ms x 1000)
    this.ids = new IdGen(this.store.maxSeq());
    this.market = new FuturesMarket(exchange.market, this.store, seed, exchange.svc.store.genesis(), config.fundingIntervalMs, now);
    this.svc = new FuturesService(db, this.store, this.market, exchange.svc, this.ids, fees);
    this.svc.load();
    if (config.priceControl) this.market.control = new PriceControl(new PriceControlStore(db), log);
    exchange.svc.paperResetHooks.add((userId) => this.svc.resetPaper(userId));
    this.plans = new FuturesPlans(db, this.svc, this.market, this.ids, log);
    this.plans.load();
    exchange.svc.paperResetHooks.add((userId) => this.plans.resetPaper(userId));
    this.market.markListeners.add((env, c) => this.svc.checkLiquidations(env, c, Date.now()));
    this.market.fundingListeners.add((env, c, at, rate, mark, record) => this.svc.settleFunding(env, c, rate, mark, at, record));
    this.simulator = new FuturesSimulator(
      this.market,
      this.ids,
      seed,
      (_env, c, m, t, price, lots) => this.svc.onMatch(c, m as FxOrder, t as FxOrder, price, lots, this.stepChange),
      (m) => m.house || this.svc.capMaker(m as FxOrder, this.stepChange),
    );
    if (config.simulator) this.start();
  }

  start(): void {
    this.step();
    this.clock.start(TICK_MS, () => this.step());
  }

  /** One second of the futures market: house quotes and trades, then prices and funding. */
  step(now = Date.now()): void {
    try {
      this.stepChange = newFxChange();
      this.market.control?.poll();
      this.simulator.tick(now);
      this.svc.commit(this.stepChange);
      this.market.step(now);
      if (++this.steps % 5 === 0) this.market.persist(this.store.db);
    } catch (err) {
      this.log(err);
    }
  }

  close(): void {
    this.clock.stop();
    try {
      this.market.persist(this.store.db);
    } catch (err) {
      this.log(err);
    }
  }

  /** Open interest in lots: the sum of every long position (house included), which equals the shorts'. */
  openInterest(env: Env, symbol: string): number {
    return this.svc.openInterest(env, symbol);
  }
}
