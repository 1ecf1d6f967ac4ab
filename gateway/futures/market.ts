/**
 * The futures market's public state (docs/decisions/310, 311): a book per contract and
 * environment (the spot engine's `Book`), the trade tape, candles of last and mark prices, the
 * index/mark pricing and the funding clock. Position-keeping is the service's; this holds what
 * anyone may read.
 */
import { Books, type Book } from "../exchange/engine/book.ts";
import { ENVS, type Env, type Order } from "../exchange/engine/types.ts";
import { CandleStore } from "../exchange/market/candles.ts";
import type { MarketData } from "../exchange/market/market-data.ts";
import { Tapes, type PublicTrade, type Tape } from "../exchange/market/tape.ts";
import type { Db } from "../db/database.ts";
import { CONTRACTS, type Contract } from "./contracts.ts";
import type { PriceControl } from "./price-control.ts";
import { fundingRatePpm, newPriceState, nextFundingTime, updatePrice, type PriceState } from "./pricing.ts";
import type { FuturesStore } from "./store.ts";

export type FuturesTradeListener = (env: Env, symbol: string, t: PublicTrade) => void;
/**
 * Told when a funding interval closes, with the rate to settle, the mark it settles at and the
 * write that records the rate, which the settlement runs in its own transaction (so a rate is
 * recorded exactly when it is settled).
 */
export type FundingListener = (env: Env, c: Contract, fundingTime: number, ratePpm: number, mark: number, record: () => void) => void;
/** Told after every pricing step (streams, liquidation checks). */
export type MarkListener = (env: Env, c: Contract, s: PriceState) => void;

export class FuturesMarket {
  private readonly books = new Books();
  private readonly bookOf: Record<Env, Map<string, Book>> = { live: new Map(), paper: new Map() };
  private readonly tapes = new Tapes();
  /** Pricing state per environment, then contract (reached on every order: no key is built). */
  private readonly prices: Record<Env, Map<string, PriceState>> = { live: new Map(), paper: new Map() };
  /** Last-price candles of the live market, and mark-price candles (back-filled with the spot history: basis 0 before launch). */
  readonly candles: CandleStore;
  readonly markCandles: CandleStore;
  readonly tradeListeners = new Set<FuturesTradeListener>();
  readonly fundingListeners = new Set<FundingListener>();
  readonly markListeners = new Set<MarkListener>();
  private nextFunding: number;
  /** The test and demo price control (docs/decisions/316), only when the gateway enables it. */
  control: PriceControl | undefined;

  constructor(
    private readonly spot: MarketData,
    private readonly store: FuturesStore,
    seed: number,
    genesisMs: number,
    readonly fundingIntervalMs: number,
    now: number,
  ) {
    this.candles = new CandleStore(seed, genesisMs, "fx_candles");
    this.markCandles = new CandleStore(seed, genesisMs, "fx_mark_candles");
    this.candles.load(store.db);
    this.markCandles.load(store.db);
    this.nextFunding = nextFundingTime(now, fundingIntervalMs);
  }

  book(env: Env, symbol: string): Book {
    // every order asks: a direct lookup first (Books.of makes its maker closure on every call)
    return this.bookOf[env].get(symbol) ?? this.makeBook(env, symbol);
  }

  private makeBook(env: Env, symbol: string): Book {
    const b = this.books.of(env, symbol);
    this.bookOf[env].set(symbol, b);
    return b;
  }

  /** Every book (streams walk them for touched levels). */
  allBooks(): IterableIterator<Book> {
    return this.books.all();
  }

  tape(env: Env, symbol: string): Tape {
    return this.tapes.of(env, symbol);
  }

  price(env: Env, symbol: string): PriceState {
    const byContract = this.prices[env];
    let s = byContract.get(symbol);
    if (!s) {
      s = newPriceState();
      byContract.set(symbol, s);
      // before the first step, the index and mark are the spot price (so a fresh start quotes at once)
      updatePrice(s, this.index(env, symbol), undefined);
    }
    return s;
  }

  /** The index in ticks: the spot market's last trade of the pair in the same environment (or the control's pin). */
  index(env: Env, symbol: string): number {
    return this.control?.index(env, symbol) ?? this.spotIndex(env, symbol);
  }

  private spotIndex(env: Env, symbol: string): number {
    return this.spot.tape(env, symbol).latest(1)[0]?.price ?? this.spot.candles.lastPrice(symbol) ?? 0;
  }

  /** The last futures trade's price, the mark before any trade. */
  last(env: Env, symbol: string): number {
    return this.tape(env, symbol).latest(1)[0]?.price ?? this.price(env, symbol).mark;
  }

  /** The book's mid in ticks, undefined when a side is empty. */
  mid(env: Env, symbol: string): number | undefined {
    const b = this.book(env, symbol);
    const bid = b.bids.best();
    const ask = b.asks.best();
    return bid && ask ? (bid.price + ask.price) / 2 : undefined;
  }

  get fundingTime(): number {
    return this.nextFunding;
  }

  /** A trade of the futures book: the tape, the live candles and the stream listeners. */
  onTrade(env: Env, symbol: string, tradeId: string, taker: Order, price: number, lots: number, quoteCents: number, ts: number): void {
    const t: PublicTrade = { tradeId, price, size: lots, side: taker.side, ts };
    this.tape(env, symbol).push(t);
    if (env === "live") this.candles.trade(symbol, ts, price, lots, quoteCents);
    for (const l of this.tradeListeners) l(env, symbol, t);
  }

  /** One pricing step for every contract, then funding when an interval closed. */
  step(now: number): void {
    for (const env of ENVS) {
      for (const c of CONTRACTS) {
        this.control?.advance(env, c.symbol, this.spotIndex(env, c.symbol));
        const s = this.price(env, c.symbol);
        updatePrice(s, this.index(env, c.symbol), this.mid(env, c.symbol));
        if (env === "live") this.markCandles.trade(c.symbol, now, s.mark, 0, 0);
        for (const l of this.markListeners) l(env, c, s);
      }
    }
    if (now >= this.nextFunding) this.settleFunding(now);
  }

  /** Closes the funding interval: records each contract's rate (once) and tells the service to settle it. */
  private settleFunding(now: number): void {
    const at = this.nextFunding;
    this.nextFunding = nextFundingTime(now, this.fundingIntervalMs);
    for (const env of ENVS) {
      for (const c of CONTRACTS) {
        const s = this.price(env, c.symbol);
        const rate = fundingRatePpm(s);
        s.premiumSum = 0;
        s.premiumCount = 0;
        // a restart inside the same second must not settle twice
        if ((this.store.lastFundingTime(env, c.symbol) ?? 0) >= at) continue;
        const record = () => this.store.addFunding(env, c.symbol, at, rate);
        if (this.fundingListeners.size === 0) record();
        for (const l of this.fundingListeners) l(env, c, at, rate, s.mark, record);
      }
    }
  }

  persist(db: Db): void {
    this.candles.persist(db);
    this.markCandles.persist(db);
  }
}
