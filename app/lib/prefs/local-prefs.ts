import { DEFAULT_LOCALE, findLocale } from "../../../protocol/locales";
import { THEMES, type Theme } from "./cookie-prefs";
import { localArea, type AreaStore } from "./local-store";
import { parseFavorites } from "~/lib/trade/market-list";
import { DEFAULT_PRO_LAYOUT, formatProLayout, parseProLayout, type ProLayout } from "~/lib/trade/pro-layout";

/**
 * The local-storage preferences of docs/product.md with their defaults, owned here and nowhere else.
 * Stored as strings in the `common` area; a corrupt or foreign value reads as the default.
 */
type Codec<T> = { parse(raw: string): T | undefined; format(value: T): string };
interface Pref<T> {
  codec: Codec<T>;
  fallback: T;
}
const pref = <T>(codec: Codec<T>, fallback: T): Pref<T> => ({ codec, fallback });

const bool: Codec<boolean> = { parse: (r) => (r === "true" ? true : r === "false" ? false : undefined), format: String };
const text = (max: number, re = /^[\w.-]*$/): Codec<string> => ({
  parse: (r) => (r.length <= max && re.test(r) ? r : undefined),
  format: (v) => v,
});
const oneOf = <T extends string>(values: readonly T[]): Codec<T> => ({
  parse: (r) => ((values as readonly string[]).includes(r) ? (r as T) : undefined),
  format: (v) => v,
});
/** A comma-separated subset of `values`, kept in their order; any unknown member refuses the whole value. */
const subsetOf = <T extends string>(values: readonly T[]): Codec<readonly T[]> => ({
  parse: (r) => {
    const parts = r === "" ? [] : r.split(",");
    return parts.every((p) => (values as readonly string[]).includes(p)) ? values.filter((v) => parts.includes(v)) : undefined;
  },
  format: (v) => v.join(","),
});
const locale: Codec<string> = { parse: (r) => findLocale(r)?.key, format: (v) => v };
const symbols: Codec<string[]> = { parse: parseFavorites, format: (v) => v.join(",") };

/** Kline intervals the charts offer; `1` is one minute (docs/product.md default). */
export const KLINE_INTERVALS = ["1", "3", "5", "15", "30", "60", "240", "360", "720", "1D", "3D", "1W", "1M"] as const;
/** The chart's studies a trader can turn on, overlays then panes (ours, not the spec's; docs/decisions/703, 721). */
export const KLINE_STUDIES = ["vol", "ma", "ema", "boll", "vwap", "sar", "rsi", "macd", "stochrsi", "kdj", "atr", "obv"] as const;
export const KLINE_VIEWS = ["candles", "depth"] as const;
/** Which colour a rising price is drawn in: green (most of the world) or red (mainland China and Japan's habit). */
export const RISE_COLORS = ["green", "red"] as const;
/** What order sizes are typed in: the base coin or the quote (USDT). */
export const TRADE_UNITS = ["coin", "quote"] as const;
export const MARGIN_FILTERS = ["all", "isolated", "crossed"] as const;
/** What futures sizes are typed in: contracts, the base coin or USDT (docs/decisions/705). */
export const FUTURES_TRADE_UNITS = ["contract", "coin", "quote"] as const;

const PREFS = {
  changeModeWithoutDialog: pref(bool, false),
  globalLocale: pref(locale, DEFAULT_LOCALE),
  globalTheme: pref(oneOf<Theme>(THEMES), "white"),
  appVersion: pref(text(32), ""),
  terminalCode: pref(text(64, /^[0-9a-f]*$/), ""),
  klineInterval: pref(oneOf(KLINE_INTERVALS), "1"),
  skipGuide: pref(bool, false),
  hideReverseTip: pref(bool, false),
  hideTpslTip: pref(bool, false),
  hidePreTpslTip: pref(bool, false),
  positionFilterMargin: pref(oneOf(MARGIN_FILTERS), "all"),
  tradeUnit: pref(oneOf(TRADE_UNITS), "coin"),
  futuresTradeUnit: pref(oneOf(FUTURES_TRADE_UNITS), "coin"),
  positionKlineMark: pref(bool, true),
  entrustKlineMark: pref(bool, true),
  planKlineMark: pref(bool, true),
  moveKlineMarkTip: pref(bool, true),
  klineStudies: pref(subsetOf(KLINE_STUDIES), ["vol", "ma"]),
  klineView: pref(oneOf(KLINE_VIEWS), "candles"),
  riseColor: pref(oneOf(RISE_COLORS), "green"),
  topDownloadBanner: pref(bool, true),
  globalUserId: pref(text(32, /^\d*$/), ""),
  /** Ours, not the spec's: who last LOGGED IN here (a sub-account switch is not a login), for the device check. */
  lastLoginUserId: pref(text(32, /^\d*$/), ""),
  fiatName: pref(text(5, /^[A-Z]{0,5}$/), ""),
  /** Ours: the spot markets the trader starred, listed first in the market picker (docs/decisions/704). */
  favoriteSymbols: pref(symbols, [] as string[]),
  /** Ours: the USDT-M contracts the trader starred, apart from the spot pairs of the same name (docs/decisions/722). */
  favoriteContracts: pref(symbols, [] as string[]),
  /** Ours: market and plan orders are sent without the confirmation dialog (docs/decisions/704). */
  skipOrderConfirm: pref(bool, false),
  /** Ours: the trading screens' pro layout, its split sizes and folded panels (docs/decisions/720). */
  tradeLayout: pref<ProLayout>({ parse: parseProLayout, format: formatProLayout }, DEFAULT_PRO_LAYOUT),
  /** Ours: the asset pages leave out balances worth under 1 USDT (docs/decisions/711). */
  hideSmallAssets: pref(bool, false),
  /** Ours: the network picked last per coin on the wallet pages, `COIN:CHAIN,…` (docs/decisions/716). */
  walletChains: pref(text(400, /^[A-Z0-9:,]*$/), ""),
};

export type LocalPrefs = { [K in keyof typeof PREFS]: (typeof PREFS)[K] extends Pref<infer T> ? T : never };
export type LocalPrefKey = keyof LocalPrefs;

export const LOCAL_PREF_DEFAULTS: Readonly<LocalPrefs> = Object.fromEntries(
  Object.entries(PREFS).map(([k, v]) => [k, v.fallback]),
) as LocalPrefs;

export interface LocalPrefStore {
  get<K extends LocalPrefKey>(key: K): LocalPrefs[K];
  set<K extends LocalPrefKey>(key: K, value: LocalPrefs[K]): void;
  reset(key: LocalPrefKey): void;
}

function specOf<K extends LocalPrefKey>(key: K): Pref<LocalPrefs[K]> {
  return PREFS[key] as unknown as Pref<LocalPrefs[K]>;
}

export function localPrefs(area: AreaStore = localArea("common")): LocalPrefStore {
  return {
    get(key) {
      const raw = area.get(key);
      const spec = specOf(key);
      return raw === undefined ? spec.fallback : (spec.codec.parse(raw) ?? spec.fallback);
    },
    set(key, value) {
      area.set(key, specOf(key).codec.format(value));
    },
    reset(key) {
      area.remove(key);
    },
  };
}
