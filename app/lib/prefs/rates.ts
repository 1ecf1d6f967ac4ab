import { useSyncExternalStore } from "react";
import { RATE_REFRESH_MS, USDT_FIATS, type UsdtFiat } from "../../../protocol/paths";
import { multiplyText } from "~/lib/numbers/decimal";

/** The `usdtRate` answer (docs/product.md): the supported list and rates keyed by `value`. */
export interface RatesData {
  supported: Array<{ name: string; symbol: string; value: string }>;
  rates: Record<string, string>;
}

export interface RatesState extends RatesData {
  /** USDT in each of the 13 fiats of docs/product.md; "0" until rates arrive. */
  usdtToFiat: Record<UsdtFiat, string>;
  /** When these rates were fetched (epoch ms); 0 for none. */
  fetchedAt: number;
}

export function emptyRates(): RatesState {
  return {
    supported: [],
    rates: {},
    usdtToFiat: Object.fromEntries(USDT_FIATS.map((f) => [f, "0"])) as Record<UsdtFiat, string>,
    fetchedAt: 0,
  };
}

export function ratesFrom(data: RatesData | null | undefined, fetchedAt: number): RatesState {
  const state = emptyRates();
  if (!data) return state;
  const usdtToFiat = { ...state.usdtToFiat };
  for (const f of USDT_FIATS) usdtToFiat[f] = data.rates[f] ?? "0";
  return { supported: data.supported, rates: data.rates, usdtToFiat, fetchedAt };
}

/** An amount of USDT in `currency`, or undefined when there is no rate for it (yet). */
export function usdtIn(amount: string, currency: string, state: RatesState): string | undefined {
  const rate = state.rates[currency];
  if (!rate || !/[1-9]/.test(rate)) return undefined;
  return multiplyText(amount, rate);
}

export interface RatesStore {
  get(): RatesState;
  subscribe(listener: () => void): () => void;
  /** Takes rates from a loader when they are newer than what the store holds. */
  offer(state: RatesState): void;
  /** Refetches every RATE_REFRESH_MS while started; returns the stop function. */
  start(): () => void;
}

export function createRatesStore(
  fetchRates: () => Promise<RatesData>,
  deps: { now?: () => number; every?: (fn: () => void, ms: number) => () => void } = {},
): RatesStore {
  const now = deps.now ?? Date.now;
  const every =
    deps.every ??
    ((fn, ms) => {
      const id = setInterval(fn, ms);
      return () => clearInterval(id);
    });
  let state = emptyRates();
  const listeners = new Set<() => void>();
  const set = (next: RatesState) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const refresh = () => {
    fetchRates().then(
      (data) => set(ratesFrom(data, now())),
      () => {
        // Keep the last good rates; the next period tries again.
      },
    );
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    offer(next) {
      if (next.fetchedAt > state.fetchedAt) set(next);
    },
    start: () => every(refresh, RATE_REFRESH_MS),
  };
}

/** The page's rates: the loader's until the store has fresher ones. */
export function useRatesFrom(store: RatesStore | undefined, fromLoader: RatesState): RatesState {
  const live = useSyncExternalStore(
    store?.subscribe ?? (() => () => undefined),
    () => store?.get() ?? fromLoader,
    () => fromLoader,
  );
  return live.fetchedAt >= fromLoader.fetchedAt ? live : fromLoader;
}
