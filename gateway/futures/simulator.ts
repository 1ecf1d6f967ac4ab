/**
 * House liquidity of the futures books (docs/decisions/310, as decision 302 does for spot): every
 * second market makers requote levels around a fair futures price (the index times one plus a
 * small mean-reverting premium, so funding moves both ways) and house takers cross the spread.
 * House orders are outside the ledger; their positions are counted so that open interest and
 * funding include them.
 */
import { newOrder, type IdGen } from "../exchange/engine/order.ts";
import { ENVS, type Env, type Order } from "../exchange/engine/types.ts";
import { QUOTE_LEVELS, houseQuote, houseTaker, levelUsdt, lotsWorth, takerArrivals, takerSide } from "../exchange/market/house.ts";
import { Rng, mixSeed } from "../exchange/market/random.ts";
import { CONTRACTS, type Contract } from "./contracts.ts";
import type { FuturesMarket } from "./market.ts";
import { matchTaker, rest, unrest, type MakerCap } from "./matcher.ts";

export const FX_MM_USER = "house-fx-mm";
export const FX_TAKER_USER = "house-fx-taker";
const LEVEL_USDT = 4000;
/** Premium process: AR(1) per step with a standard deviation of about 4 basis points. */
const PREMIUM_KEEP = 0.995;
const PREMIUM_SD = 0.00004;

export type HouseFill = (env: Env, c: Contract, maker: Order, taker: Order, price: number, lots: number) => void;

export class FuturesSimulator {
  private readonly rng: Rng;
  private readonly premium = new Map<string, number>();
  private readonly quotes = new Map<string, Order[]>();

  constructor(
    private readonly market: FuturesMarket,
    private readonly ids: IdGen,
    seed: number,
    /** Settles every match a house order takes part in (the maker may be a user's order). */
    private readonly onFill: HouseFill,
    /** Asked before a user's resting order fills (a reduce-only order is capped at its position: docs/decisions/341). */
    private readonly cap?: MakerCap,
  ) {
    this.rng = new Rng(mixSeed(seed, 31));
  }

  /** The fair futures price in ticks. */
  fair(env: Env, c: Contract): number {
    return this.market.index(env, c.symbol) * (1 + (this.premium.get(`${env}:${c.symbol}`) ?? 0));
  }

  tick(now: number): void {
    for (const env of ENVS) {
      for (const c of CONTRACTS) {
        const key = `${env}:${c.symbol}`;
        const p = (this.premium.get(key) ?? 0) * PREMIUM_KEEP + PREMIUM_SD * this.rng.normal();
        this.premium.set(key, p);
        this.requote(env, c, now);
        this.takers(env, c, now);
      }
    }
  }

  private requote(env: Env, c: Contract, now: number): void {
    const key = `${env}:${c.symbol}`;
    for (const o of this.quotes.get(key) ?? []) if (o.level !== null) unrest(o);
    const fair = this.fair(env, c);
    if (!(fair > 0)) return;
    const inst = c.inst;
    const book = this.market.book(env, c.symbol);
    const half = Math.max(1, fair * 0.0002);
    const step = Math.max(1, fair * 0.00015);
    const placed: Order[] = [];
    for (let k = 0; k < QUOTE_LEVELS; k++) {
      for (const side of ["buy", "sell"] as const) {
        const px = side === "buy" ? Math.floor(fair - half - k * step) : Math.ceil(fair + half + k * step);
        if (px <= 0) continue;
        const lots = lotsWorth(inst, levelUsdt(this.rng, LEVEL_USDT, k), fair / 10 ** inst.pricePrecision);
        const o = newOrder(this.ids, houseQuote(env, FX_MM_USER, c.symbol, side, px, lots), now);
        // a quote that crosses a user's resting order trades with it, as any maker would
        matchTaker(book, o, (m, price, qty) => this.onFill(env, c, m, o, price, qty), this.cap);
        if (o.filled < o.size) {
          rest(book, o);
          placed.push(o);
        }
      }
    }
    this.quotes.set(key, placed);
  }

  private takers(env: Env, c: Contract, now: number): void {
    const inst = c.inst;
    const fair = this.fair(env, c);
    if (!(fair > 0)) return;
    const book = this.market.book(env, c.symbol);
    const n = takerArrivals(this.rng, env);
    for (let k = 0; k < n; k++) {
      const bid = book.bids.best()?.price ?? 0;
      const ask = book.asks.best()?.price ?? 0;
      const mid = bid && ask ? (bid + ask) / 2 : fair;
      const side = takerSide(this.rng, fair, mid);
      const lots = lotsWorth(inst, 600 * Math.exp(1.1 * this.rng.normal()), fair / 10 ** inst.pricePrecision);
      const limit = side === "buy" ? Math.ceil(fair * 1.004) : Math.max(1, Math.floor(fair * 0.996));
      const o = newOrder(this.ids, houseTaker(env, FX_TAKER_USER, c.symbol, side, limit, lots), now);
      matchTaker(book, o, (m, price, qty) => this.onFill(env, c, m, o, price, qty), this.cap);
    }
  }
}
