import { useEffect, useMemo, useState } from "react";
import { VIP_PATHS } from "../../../protocol/vip";
import { browserHttp } from "~/lib/http/browser-client";
import type { FuturesMarket } from "./contract";

interface Rates {
  symbol: string;
  maker: number;
  taker: number;
}

const rateOf = (text: string | undefined): number | undefined => {
  const n = Number(text);
  return text !== undefined && /^\d+(\.\d+)?$/.test(text) && n < 1 ? n : undefined;
};

/**
 * The contract with the trader's own maker/taker rates (their VIP tier, docs/decisions/332) once
 * `common/trade-rate` answers; the listed base rates until then, for guests, and on a failure.
 */
export function useOwnRates(market: FuturesMarket, loggedIn: boolean): FuturesMarket {
  const [rates, setRates] = useState<Rates>();
  const symbol = market.symbol;
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    browserHttp()
      .get<{ makerFeeRate?: string; takerFeeRate?: string }>(`${VIP_PATHS.tradeRate}?symbol=${encodeURIComponent(symbol)}&businessType=mix`)
      .then((r) => {
        const maker = rateOf(r.makerFeeRate);
        const taker = rateOf(r.takerFeeRate);
        if (live && maker !== undefined && taker !== undefined) setRates({ symbol, maker, taker });
      })
      .catch(() => {
        // the estimate keeps the listed rates
      });
    return () => {
      live = false;
    };
  }, [symbol, loggedIn]);
  return useMemo(
    () => (rates && rates.symbol === market.symbol ? { ...market, makerRate: rates.maker, takerRate: rates.taker } : market),
    [market, rates],
  );
}
