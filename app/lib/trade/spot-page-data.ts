import type { KlineInterval } from "./intervals";
import type { SpotSymbol } from "./market";
import type { PublicTrade, Ticker } from "./market-data";

/** A `market/tickers` row: the fields the page reads. */
export type MarketTickerRow = Ticker & { symbol: string };

/**
 * The first paint of a spot page, made by the route's loader (spot-data.server.ts beside it):
 * public data of the live market; a part the gateway could not give is null (or empty).
 */
export interface SpotPageData {
  symbol: SpotSymbol;
  /** Every listed pair, for the switcher. */
  pairs: Array<Pick<SpotSymbol, "symbol" | "baseCoin" | "quoteCoin">>;
  tickers: MarketTickerRow[];
  book: { asks: string[][]; bids: string[][] } | null;
  trades: PublicTrade[] | null;
  candles: { interval: KlineInterval; rows: string[][] | null };
}
