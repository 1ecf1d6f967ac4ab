/**
 * Price protection (docs/decisions/340): the one place where the price bands that the exchange
 * advertises (`buyLimitPriceRatio` / `sellLimitPriceRatio` of spot symbols and futures
 * contracts) and the ones it enforces are written down, for spot, margin and futures alike, and
 * what the order forms read to say beforehand what will be refused.
 *
 * Every rule is relative to a reference price: the last trade price of a spot pair (margin
 * trades on the spot books), the mark price of a futures contract.
 * - A limit buy may be at most `buyLimitPriceRatio` above the reference, and at least
 *   `PASSIVE_FLOOR` times it (a resting bid far below the market is harmless, one at 1/1000 of it is a typo or a trap);
 *   a limit sell at least `sellLimitPriceRatio` below the reference, and at most `PASSIVE_CEILING` times it.
 * - A market order fills only up to its protection price, the reference moved by the market
 *   protection ratio against the taker at the moment it enters; what is left is cancelled.
 * - Liquidations never trade worse than the bankruptcy price, whatever the band allows.
 * Ratios are parts per million, so the checks are integer arithmetic on ticks.
 */

export const PPM = 1_000_000;

export interface PriceBand {
  /** How far above the reference a buy may be (Bitget's `buyLimitPriceRatio`), ppm. */
  buyUpPpm: number;
  /** How far below the reference a sell may be (Bitget's `sellLimitPriceRatio`), ppm. */
  sellDownPpm: number;
  /** The lowest a buy may rest, as ppm of the reference. */
  buyFloorPpm: number;
  /** The highest a sell may rest, as ppm of the reference. */
  sellCeilingPpm: number;
  /** A market order's protection price: how far through the reference it may fill, ppm. */
  marketPpm: number;
}

/** The passive side's bounds: a bid down to a fifth of the reference, an ask up to five times it. */
export const PASSIVE_FLOOR_PPM = 200_000;
export const PASSIVE_CEILING_PPM = 5_000_000;

/** The defaults of every spot pair and futures contract: 5 % through the reference, as Bitget lists them. */
export const DEFAULT_BAND: PriceBand = {
  buyUpPpm: 50_000,
  sellDownPpm: 50_000,
  buyFloorPpm: PASSIVE_FLOOR_PPM,
  sellCeilingPpm: PASSIVE_CEILING_PPM,
  marketPpm: 50_000,
};

/** A ratio in ppm as the decimal string Bitget advertises ("0.05"). */
export function ratioText(ppm: number): string {
  const whole = Math.floor(ppm / PPM);
  const frac = String(ppm % PPM)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}

/** The advertised fields of a symbol or contract. */
export function advertisedRatios(band: PriceBand = DEFAULT_BAND): { buyLimitPriceRatio: string; sellLimitPriceRatio: string } {
  return { buyLimitPriceRatio: ratioText(band.buyUpPpm), sellLimitPriceRatio: ratioText(band.sellDownPpm) };
}

/** The range a limit order's price must lie in, in ticks (inclusive), for a reference in ticks. */
export function limitRange(side: "buy" | "sell", ref: number, band: PriceBand = DEFAULT_BAND): { min: number; max: number } {
  if (side === "buy")
    return { min: Math.max(1, Math.ceil((ref * band.buyFloorPpm) / PPM)), max: Math.floor((ref * (PPM + band.buyUpPpm)) / PPM) };
  return { min: Math.max(1, Math.ceil((ref * (PPM - band.sellDownPpm)) / PPM)), max: Math.floor((ref * band.sellCeilingPpm) / PPM) };
}

/**
 * Where a limit price falls against the band: "high" above it, "low" below it, undefined inside.
 * A reference of 0 (a pair that never traded) bands nothing.
 */
export function bandViolation(
  side: "buy" | "sell",
  price: number,
  ref: number,
  band: PriceBand = DEFAULT_BAND,
): "high" | "low" | undefined {
  if (!(ref > 0)) return undefined;
  const r = limitRange(side, ref, band);
  if (price > r.max) return "high";
  if (price < r.min) return "low";
  return undefined;
}

/** A market order's protection price in ticks: the worst price it may fill at (at least one tick). */
export function protectionPrice(side: "buy" | "sell", ref: number, band: PriceBand = DEFAULT_BAND): number {
  return side === "buy" ? Math.floor((ref * (PPM + band.marketPpm)) / PPM) : Math.max(1, Math.ceil((ref * (PPM - band.marketPpm)) / PPM));
}
