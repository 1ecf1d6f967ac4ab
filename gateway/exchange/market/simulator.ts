/**
 * The simulated market: every second the fair prices step (PriceProcess), market makers requote
 * several levels around fair with spreads that widen with volatility and a skew against their
 * inventory, and random takers cross the spread, all through the real engine. Deterministic
 * from the seed and its saved state; CPU stays low (a few hundred engine operations a second).
 */
import { newOrder } from "../engine/order.ts";
import { ENVS, newChange, type Env, type Order } from "../engine/types.ts";
import { INSTRUMENTS, type Instrument } from "../instruments.ts";
import type { ExchangeService } from "../service.ts";
import type { MarketData } from "./market-data.ts";
import { QUOTE_LEVELS, houseQuote, houseTaker, levelUsdt, lotsWorth, takerArrivals, takerSide } from "./house.ts";
import { PriceProcess, type ProcessState } from "./price-process.ts";
import { Rng, mixSeed } from "./random.ts";
import { Ticker } from "../../ticker.ts";

export const MM_USER = "house-mm";
export const TAKER_USER = "house-taker";
const TICK_MS = 1000;
/** Value quoted per level in USDT (grows with depth). */
const LEVEL_USDT = 2500;
/** Inventory (in USDT) at which the quotes are skewed by a full half-spread. */
const SKEW_USDT = 50_000;

interface SavedState {
  process: ProcessState;
  rng: number;
  agents?: number;
}

export class MarketSimulator {
  private readonly proc: PriceProcess;
  /** The fair-price process has its own generator, so users' trades never change the price path. */
  private readonly procRng: Rng;
  /** Market makers' sizes and takers' arrivals. */
  private readonly rng: Rng;
  private readonly clock = new Ticker();
  private readonly quotes = new Map<string, Order[]>();
  /** Market-maker inventory per book in lots (positive: long). */
  private readonly inventory = new Map<string, number>();
  private ticks = 0;
  /**
   * Fair prices pinned by the operator's spot price control (tests and demos, docs/decisions/316
   * addendum), by `env:symbol`; the makers and takers follow a pin instead of the process.
   */
  readonly pins = new Map<string, number>();

  constructor(
    private readonly svc: ExchangeService,
    private readonly market: MarketData,
    seed: number,
    private readonly log: (err: unknown) => void,
  ) {
    const saved = this.loadState();
    this.procRng = new Rng(saved?.rng ?? mixSeed(seed, 3));
    this.rng = new Rng(saved?.agents ?? mixSeed(seed, 4));
    this.proc = new PriceProcess(this.procRng, 1, saved?.process ?? PriceProcess.initial(1));
  }

  private loadState(): SavedState | undefined {
    const saved = this.svc.store.meta("simulator");
    if (saved === undefined) return undefined;
    try {
      const s = JSON.parse(saved) as SavedState;
      if (Array.isArray(s.process?.logPrice) && s.process.logPrice.length === INSTRUMENTS.length) return s;
      // a pair listed since the state was saved (the platform coin, docs/decisions/353) starts at its reference
      if (Array.isArray(s.process?.logPrice) && Array.isArray(s.process.variance) && s.process.logPrice.length < INSTRUMENTS.length) {
        const init = PriceProcess.initial(1);
        const n = s.process.logPrice.length;
        s.process.logPrice.push(...init.logPrice.slice(n));
        s.process.variance.push(...init.variance.slice(n));
        return s;
      }
    } catch {
      // a corrupt state restarts the process from the reference prices
    }
    return undefined;
  }

  private saveState(): void {
    const value = JSON.stringify({ process: this.proc.state, rng: this.procRng.state(), agents: this.rng.state() } satisfies SavedState);
    this.svc.store.setMeta("simulator", value);
  }

  /** Counts fills of the market maker's quotes into its inventory. */
  onFill(env: Env, symbol: string, maker: Order, size: number): void {
    if (maker.userId !== MM_USER) return;
    const key = `${env}:${symbol}`;
    this.inventory.set(key, (this.inventory.get(key) ?? 0) + (maker.side === "buy" ? size : -size));
  }

  start(): void {
    this.tick();
    this.clock.start(TICK_MS, () => this.tick());
  }

  stop(): void {
    this.clock.stop();
    try {
      this.saveState();
      this.market.candles.persist(this.svc.db);
    } catch (err) {
      this.log(err);
    }
  }

  fair(i: number): number {
    return this.proc.price(i);
  }

  tick(): void {
    try {
      this.proc.step();
      const ch = newChange();
      for (const env of ENVS) {
        INSTRUMENTS.forEach((inst, i) => {
          this.requote(env, inst, i, ch);
          this.takers(env, inst, i, ch);
        });
      }
      let userTouched = ch.bills.length > 0;
      for (const o of ch.orders) if (!o.house) userTouched = true;
      if (userTouched) this.svc.store.commit(ch).catch(this.log);
      this.market.candles.persist(this.svc.db);
      if (++this.ticks % 10 === 0) this.saveState();
    } catch (err) {
      this.log(err);
    }
  }

  private requote(env: Env, inst: Instrument, i: number, ch: ReturnType<typeof newChange>): void {
    const key = `${env}:${inst.symbol}`;
    const engine = this.svc.engine;
    for (const o of this.quotes.get(key) ?? []) if (engine.open.has(o.id)) engine.cancel(o, "requote", ch);
    const fair = this.pins.get(key) ?? this.proc.price(i);
    const tick = 10 ** -inst.pricePrecision;
    const sigma = this.proc.sigma(i);
    const half = Math.max(tick, fair * (0.00015 + 3 * sigma));
    const step = Math.max(tick, fair * (0.0001 + 1.5 * sigma));
    const invUsdt = ((this.inventory.get(key) ?? 0) / 10 ** inst.quantityPrecision) * fair;
    const skew = -Math.max(-1, Math.min(1, invUsdt / SKEW_USDT)) * half;
    const placed: Order[] = [];
    for (let k = 0; k < QUOTE_LEVELS; k++) {
      for (const side of ["buy", "sell"] as const) {
        const px = side === "buy" ? fair + skew - half - k * step : fair + skew + half + k * step;
        const ticks = side === "buy" ? Math.floor(px / tick) : Math.ceil(px / tick);
        if (ticks <= 0) continue;
        const lots = lotsWorth(inst, levelUsdt(this.rng, LEVEL_USDT, k), fair);
        const o = newOrder(engine.ids, houseQuote(env, MM_USER, inst.symbol, side, ticks, lots));
        engine.place(o, ch);
        if (engine.open.has(o.id)) placed.push(o);
      }
    }
    this.quotes.set(key, placed);
  }

  private takers(env: Env, inst: Instrument, i: number, ch: ReturnType<typeof newChange>): void {
    const engine = this.svc.engine;
    const book = engine.book(env, inst.symbol);
    const fair = this.pins.get(`${env}:${inst.symbol}`) ?? this.proc.price(i);
    const n = takerArrivals(this.rng, env);
    const tick = 10 ** -inst.pricePrecision;
    for (let k = 0; k < n; k++) {
      const bid = book.bids.best()?.price ?? 0;
      const ask = book.asks.best()?.price ?? 0;
      const mid = bid && ask ? ((bid + ask) / 2) * tick : fair;
      const side = takerSide(this.rng, fair, mid);
      const lots = lotsWorth(inst, 400 * Math.exp(1.1 * this.rng.normal()), fair);
      const limit = side === "buy" ? Math.ceil((fair * 1.004) / tick) : Math.max(1, Math.floor((fair * 0.996) / tick));
      const o = newOrder(engine.ids, houseTaker(env, TAKER_USER, inst.symbol, side, limit, lots));
      engine.place(o, ch);
    }
  }
}
