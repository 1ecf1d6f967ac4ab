/**
 * What each study draws, from closing prices: its lines (and MACD's histogram) with their
 * parameters, shared by the canvas and the legend so both show the same numbers (docs/decisions/703).
 */
import type { KlineStudy } from "./chart-prefs";
import { bollinger, ema, macd, rsi, sma, type Series } from "./indicators";

/** MA and EMA lengths (Binance's and Bitget's defaults). */
export const MA_LENGTHS = [7, 25, 99] as const;
export const BOLL = { n: 20, mult: 2 } as const;
export const RSI_N = 14;
export const MACD = { fast: 12, slow: 26, signal: 9 } as const;

export interface StudyOutput {
  /** The parameters, as the legend prints them after the study's name: "7", "20, 2". */
  params: string[];
  lines: Series[];
  histogram?: Series;
}

/** The studies drawn over the price or in panes of their own; volume is the candles' own. */
export type DrawnStudy = Exclude<KlineStudy, "vol">;

export function studyOutput(study: DrawnStudy, closes: readonly number[]): StudyOutput {
  switch (study) {
    case "ma":
      return { params: MA_LENGTHS.map(String), lines: MA_LENGTHS.map((n) => sma(closes, n)) };
    case "ema":
      return { params: MA_LENGTHS.map(String), lines: MA_LENGTHS.map((n) => ema(closes, n)) };
    case "boll": {
      const b = bollinger(closes, BOLL.n, BOLL.mult);
      return { params: [`${BOLL.n}, ${BOLL.mult}`], lines: [b.mid, b.upper, b.lower] };
    }
    case "rsi":
      return { params: [String(RSI_N)], lines: [rsi(closes, RSI_N)] };
    case "macd": {
      const m = macd(closes, MACD.fast, MACD.slow, MACD.signal);
      return { params: [`${MACD.fast}, ${MACD.slow}, ${MACD.signal}`], lines: [m.macd, m.signal], histogram: m.histogram };
    }
  }
}
