import type { SpotPageData } from "~/lib/trade/spot-page-data";
import type { MarginListing } from "./api";

/**
 * The first paint of the margin screen: the spot page's public data of the pair (chart, book,
 * trades, tickers) and the pair's margin listing when the gateway gives one.
 */
export interface MarginPageData extends SpotPageData {
  listing: MarginListing | null;
}
