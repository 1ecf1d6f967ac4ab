/**
 * Public market data built from the engine's trades: the trade tape of every book, the live
 * market's candles, and listeners (streams) told of every trade.
 */
import type { Fill, Env } from "../engine/types.ts";
import { instrument } from "../instruments.ts";
import { CandleStore } from "./candles.ts";
import { Tapes, type PublicTrade, type Tape } from "./tape.ts";

export type TradeListener = (env: Env, symbol: string, t: PublicTrade) => void;

export class MarketData {
  readonly tapes = new Tapes();
  readonly candles: CandleStore;
  readonly listeners = new Set<TradeListener>();

  constructor(seed: number, genesisMs: number) {
    this.candles = new CandleStore(seed, genesisMs);
  }

  tape(env: Env, symbol: string): Tape {
    return this.tapes.of(env, symbol);
  }

  onFill(f: Fill): void {
    const trade: PublicTrade = { tradeId: f.tradeId, price: f.price, size: f.size, side: f.takerSide, ts: f.ts };
    this.tape(f.env, f.symbol).push(trade);
    // Candles are the live market's; the simulation books follow the same fair price.
    if (f.env === "live" && instrument(f.symbol)) this.candles.trade(f.symbol, f.ts, f.price, f.size, Number(f.quote / 1_000_000n));
    for (const l of this.listeners) l(f.env, f.symbol, trade);
  }
}
