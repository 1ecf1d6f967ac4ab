/**
 * The embedded futures exchange, built once next to the spot exchange (docs/decisions/310): the
 * market (books, tapes, candles, pricing, funding), its house liquidity and the durable store.
 * Routes and streams are handed this object; `close()` stops the clock and flushes.
 */
import type { Db } from "../db/database.ts";
import { IdGen } from "../exchange/engine/order.ts";
import type { Env, Order } from "../exchange/engine/types.ts";
import type { Exchange } from "../exchange/exchange.ts";
import { notional } from "../exchange/instruments.ts";
import type { FuturesConfig } from "./config.ts";
import type { Contract } from "./contracts.ts";
import { FuturesMarket } from "./market.ts";
import { FuturesSimulator } from "./simulator.ts";
import { FuturesStore } from "./store.ts";

const TICK_MS = 1000;

export class Futures {
  readonly store: FuturesStore;
  readonly market: FuturesMarket;
  readonly simulator: FuturesSimulator;
  readonly ids: IdGen;
  /** Net position in lots of each house account, by env and symbol (long positive). */
  private readonly house = new Map<string, Map<string, number>>();
  private timer: NodeJS.Timeout | undefined;
  private steps = 0;

  constructor(
    db: Db,
    readonly exchange: Exchange,
    readonly config: FuturesConfig,
    seed: number,
    private readonly log: (err: unknown) => void,
    now = Date.now(),
  ) {
    this.store = new FuturesStore(db);
    this.ids = new IdGen(now * 1000);
    this.market = new FuturesMarket(exchange.market, this.store, seed, exchange.svc.store.genesis(), config.fundingIntervalMs, now);
    this.simulator = new FuturesSimulator(this.market, this.ids, seed, (env, c, m, t, price, lots) =>
      this.onMatch(env, c, m, t, price, lots),
    );
    if (config.simulator) this.start();
  }

  start(): void {
    this.step();
    this.timer = setInterval(() => this.step(), TICK_MS);
    this.timer.unref();
  }

  /** One second of the futures market: house quotes and trades, then prices and funding. */
  step(now = Date.now()): void {
    try {
      this.simulator.tick(now);
      this.market.step(now);
      if (++this.steps % 5 === 0) this.market.persist(this.store.db);
    } catch (err) {
      this.log(err);
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    try {
      this.market.persist(this.store.db);
    } catch (err) {
      this.log(err);
    }
  }

  /** A match between two orders of a futures book: the tape, then each side's position. */
  private onMatch(env: Env, c: Contract, maker: Order, taker: Order, price: number, lots: number): void {
    const ts = Date.now();
    const quoteCents = Number(notional(c.inst, price, lots) / 1_000_000n);
    this.market.onTrade(env, c.symbol, this.ids.text(this.ids.next(ts)), taker, price, lots, quoteCents, ts);
    for (const o of [maker, taker]) if (o.house) this.moveHouse(env, c.symbol, o.userId, o.side === "buy" ? lots : -lots);
  }

  private moveHouse(env: Env, symbol: string, userId: string, lots: number): void {
    const key = `${env}:${symbol}`;
    let m = this.house.get(key);
    if (!m) {
      m = new Map();
      this.house.set(key, m);
    }
    m.set(userId, (m.get(userId) ?? 0) + lots);
  }

  /** Open interest in lots: the sum of every long position (house included), which equals the shorts'. */
  openInterest(env: Env, symbol: string): number {
    let longs = 0;
    for (const lots of this.house.get(`${env}:${symbol}`)?.values() ?? []) if (lots > 0) longs += lots;
    return longs;
  }
}
