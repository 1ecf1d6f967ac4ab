import type { KlineInterval } from "~/lib/trade/intervals";
import type { PublicTrade } from "~/lib/trade/market-data";
import type { FuturesContract } from "./contract";

/** A `current-fund-rate` row. */
export interface FundingRate {
  fundingRate: string;
  /** Hours between settlements, when the gateway says. */
  fundingRateInterval?: string;
  /** The next settlement (ms), when the gateway says. */
  nextUpdate?: string;
}

/**
 * The first paint of the futures screen, made by the route's loader: public data of the live
 * market; a part the gateway could not give is null.
 */
export interface FuturesPageData {
  symbol: { symbol: string };
  contract: FuturesContract;
  /** Every listed contract, for the switcher. */
  contracts: string[];
  ticker: unknown;
  funding: FundingRate | null;
  /** Open interest in the base coin. */
  openInterest: string | null;
  book: { asks: string[][]; bids: string[][] } | null;
  trades: PublicTrade[] | null;
  candles: { interval: KlineInterval; rows: string[][] | null };
  /** When the server rendered, so the funding countdown's first paint matches the browser's. */
  now: number;
}
