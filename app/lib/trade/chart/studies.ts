/**
 * What each study draws, from the candles: its lines (and MACD's histogram) with their parameters,
 * shared by the canvas and the legend so both show the same numbers (docs/decisions/703, 721).
 * Every parameter has a default and a range; the trader's own values are kept in local storage.
 */
import type { Candle } from "~/lib/trade/candles";
import { localArea, type AreaStore } from "~/lib/prefs/local-store";
import type { KlineStudy } from "./chart-prefs";
import { atr, bollinger, ema, kdj, macd, obv, parabolicSar, rsi, sma, smaOf, stochRsi, vwap, type Bar, type Series } from "./indicators";

/** The studies drawn over the price or in panes of their own; volume is the candles' own. */
export type DrawnStudy = Exclude<KlineStudy, "vol">;

/** Studies with a pane of their own below the price, in the order the panes stack. */
export const PANE_STUDIES: readonly DrawnStudy[] = ["rsi", "macd", "stochrsi", "kdj", "atr", "obv"];
export const isPaneStudy = (s: KlineStudy): s is DrawnStudy => (PANE_STUDIES as readonly string[]).includes(s);

/** How a study's values read: in the pair's price, as 0–100 (two decimals), or as a volume. */
export type StudyScale = "price" | "percent" | "volume";
export const STUDY_SCALE: Record<DrawnStudy, StudyScale> = {
  ma: "price",
  ema: "price",
  boll: "price",
  vwap: "price",
  sar: "price",
  rsi: "percent",
  macd: "price",
  stochrsi: "percent",
  kdj: "percent",
  atr: "price",
  obv: "volume",
};

/** One setting of a study: its default and the range the dialog accepts. */
export interface ParamSpec {
  key: string;
  fallback: number;
  min: number;
  max: number;
  /** 1 for counts of candles; smaller for factors. */
  step: number;
}
const count = (key: string, fallback: number, min = 1, max = 500): ParamSpec => ({ key, fallback, min, max, step: 1 });
const factor = (key: string, fallback: number, min: number, max: number, step: number): ParamSpec => ({ key, fallback, min, max, step });

/** Each study's settings; the defaults are Binance's, Bitget's and TradingView's usual ones. */
export const STUDY_PARAMS: Record<DrawnStudy, readonly ParamSpec[]> = {
  ma: [count("n1", 7), count("n2", 25), count("n3", 99)],
  ema: [count("n1", 7), count("n2", 25), count("n3", 99)],
  boll: [count("n", 20, 2), factor("mult", 2, 0.1, 10, 0.1)],
  vwap: [factor("bands", 1, 0, 10, 0.1)],
  sar: [factor("start", 0.02, 0.001, 1, 0.001), factor("step", 0.02, 0.001, 1, 0.001), factor("max", 0.2, 0.01, 1, 0.01)],
  rsi: [count("n", 14, 2)],
  macd: [count("fast", 12), count("slow", 26), count("signal", 9)],
  stochrsi: [count("rsi", 14, 2), count("stoch", 14), count("k", 3), count("d", 3)],
  kdj: [count("n", 9), count("m1", 3), count("m2", 3)],
  atr: [count("n", 14)],
  obv: [count("ma", 20, 0)],
};

export type ParamValues = Readonly<Record<string, number>>;
export type StudyParams = Partial<Record<DrawnStudy, ParamValues>>;

/** Whether `v` is an allowed value of `spec` (in range and on its step, up to rounding). */
export function validParam(spec: ParamSpec, v: number): boolean {
  if (!Number.isFinite(v) || v < spec.min || v > spec.max) return false;
  const steps = v / spec.step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** A study's settings: the trader's valid ones, the default for the rest. */
export function paramsOf(study: DrawnStudy, stored: StudyParams | undefined): ParamValues {
  const own = stored?.[study];
  return Object.fromEntries(
    STUDY_PARAMS[study].map((s) => {
      const v = own?.[s.key];
      return [s.key, v !== undefined && validParam(s, v) ? v : s.fallback];
    }),
  );
}

/**
 * Stored settings, read defensively: anything not a known study's known, valid setting is dropped,
 * and a value equal to the default is not kept (so a default changed later reaches the trader).
 */
export function cleanStudyParams(raw: unknown): StudyParams {
  const out: StudyParams = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return out;
  for (const study of Object.keys(STUDY_PARAMS) as DrawnStudy[]) {
    const own = (raw as Record<string, unknown>)[study];
    if (typeof own !== "object" || own === null) continue;
    const kept: Record<string, number> = {};
    for (const spec of STUDY_PARAMS[study]) {
      const v = (own as Record<string, unknown>)[spec.key];
      if (typeof v === "number" && validParam(spec, v) && v !== spec.fallback) kept[spec.key] = v;
    }
    if (Object.keys(kept).length > 0) out[study] = kept;
  }
  return out;
}

const PARAMS_KEY = "klineStudyParams";

/** The study settings in the `common` local area (`common:klineStudyParams`, JSON). */
export function loadStudyParams(area: AreaStore = localArea("common")): StudyParams {
  const raw = area.get(PARAMS_KEY);
  if (raw === undefined || raw.length > 4000) return {};
  try {
    return cleanStudyParams(JSON.parse(raw));
  } catch {
    return {};
  }
}

export function saveStudyParams(params: StudyParams, area: AreaStore = localArea("common")): StudyParams {
  const clean = cleanStudyParams(params);
  if (Object.keys(clean).length === 0) area.remove(PARAMS_KEY);
  else area.set(PARAMS_KEY, JSON.stringify(clean));
  return clean;
}

export interface StudyOutput {
  /** The parameters, as the legend prints them after the study's name: "7", "20, 2". */
  params: string[];
  lines: Series[];
  histogram?: Series;
}

/** The candles as numbers, for the studies. */
export function barsOf(candles: readonly Candle[]): Bar[] {
  return candles.map((c) => ({ ts: c.ts, high: Number(c.high), low: Number(c.low), close: Number(c.close), volume: Number(c.volume) }));
}

export function studyOutput(study: DrawnStudy, bars: readonly Bar[], stored?: StudyParams): StudyOutput {
  const p = paramsOf(study, stored);
  const v = (k: string) => p[k]!;
  const all = STUDY_PARAMS[study].map((s) => String(v(s.key)));
  const closes = () => bars.map((b) => b.close);
  switch (study) {
    case "ma":
    case "ema": {
      const avg = study === "ma" ? sma : ema;
      const c = closes();
      return { params: all, lines: all.map((_, k) => avg(c, v(`n${k + 1}`))) };
    }
    case "boll": {
      const b = bollinger(closes(), v("n"), v("mult"));
      return { params: [all.join(", ")], lines: [b.mid, b.upper, b.lower] };
    }
    case "vwap": {
      const w = vwap(bars, v("bands"));
      return { params: all, lines: v("bands") > 0 ? [w.vwap, w.upper, w.lower] : [w.vwap] };
    }
    case "sar":
      return { params: [all.join(", ")], lines: [parabolicSar(bars, v("start"), v("step"), v("max"))] };
    case "rsi":
      return { params: all, lines: [rsi(closes(), v("n"))] };
    case "macd": {
      const m = macd(closes(), v("fast"), v("slow"), v("signal"));
      return { params: [all.join(", ")], lines: [m.macd, m.signal], histogram: m.histogram };
    }
    case "stochrsi": {
      const s = stochRsi(closes(), v("rsi"), v("stoch"), v("k"), v("d"));
      return { params: [all.join(", ")], lines: [s.k, s.d] };
    }
    case "kdj": {
      const k = kdj(bars, v("n"), v("m1"), v("m2"));
      return { params: [all.join(", ")], lines: [k.k, k.d, k.j] };
    }
    case "atr":
      return { params: all, lines: [atr(bars, v("n"))] };
    case "obv": {
      const o = obv(bars);
      return { params: all, lines: v("ma") > 0 ? [o, smaOf(o, v("ma"))] : [o] };
    }
  }
}
