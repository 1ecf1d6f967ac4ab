import { useEffect } from "react";
import { PATHS } from "../../../protocol/paths";
import { useRootData } from "~/lib/root-data";
import { browserHttp } from "~/lib/http/browser-client";
import { createRatesStore, emptyRates, useRatesFrom, type RatesData, type RatesState, type RatesStore } from "./rates";

let store: RatesStore | undefined;

function pageStore(): RatesStore | undefined {
  if (typeof window === "undefined") return undefined;
  store ??= createRatesStore(() =>
    browserHttp().post<RatesData>(PATHS.usdtRate, { locale: document.documentElement.dataset.locale ?? "en" }),
  );
  return store;
}

/** The USDT rates of this page: from the root loader, refreshed every 30 minutes while open. */
export function usePageRates(): RatesState {
  const fromLoader = useRootData()?.rates ?? emptyRates();
  return useRatesFrom(pageStore(), fromLoader);
}

/** Starts the periodic refetch once for the page (rendered by the root). */
export function useRatesRefresh(): void {
  useEffect(() => pageStore()?.start(), []);
}
