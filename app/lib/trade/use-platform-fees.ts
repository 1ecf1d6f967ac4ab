/**
 * The trader's platform-coin fee deduction as the order forms and the fee page need it
 * (docs/decisions/353): Bitget's `deduct-info`, the spot balance of the coin and its last price.
 */
import { useCallback } from "react";
import { V2 } from "../../../protocol/bitget";
import { DEDUCT_PATHS, PLATFORM_COIN, PLATFORM_SYMBOL, type DeductInfo } from "../../../protocol/fee-deduction";
import { useAsync, type Async } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { parseDecimal } from "~/lib/numbers/decimal";
import type { PlatformFeeInfo } from "./platform-fee";

const ZERO = { int: 0n, scale: 0 };

export async function loadPlatformFees(): Promise<PlatformFeeInfo> {
  const http = browserHttp();
  const [info, assets, tickers] = await Promise.all([
    http.get<DeductInfo>(DEDUCT_PATHS.info),
    http.get<Array<{ coin: string; available: string }>>(V2.assets, { coin: PLATFORM_COIN }),
    http.get<Array<{ symbol: string; lastPr: string }>>(V2.tickers, { symbol: PLATFORM_SYMBOL }).catch(() => []),
  ]);
  const available = parseDecimal(assets.find((a) => a.coin === PLATFORM_COIN)?.available ?? "0") ?? ZERO;
  const last = tickers.find((x) => x.symbol === PLATFORM_SYMBOL)?.lastPr;
  const price = last ? parseDecimal(last) : undefined;
  return { on: info.deduct === "on", available, price: price && price.int > 0n ? price : undefined };
}

const GUEST: PlatformFeeInfo = { on: false, available: ZERO, price: undefined };

/** Loads for a logged-in trader (a guest asks nothing: off); `reload` after a switch or a trade. */
export function usePlatformFees(loggedIn: boolean): [Async<PlatformFeeInfo>, () => void] {
  const load = useCallback(() => (loggedIn ? loadPlatformFees() : Promise.resolve(GUEST)), [loggedIn]);
  return useAsync(load);
}
