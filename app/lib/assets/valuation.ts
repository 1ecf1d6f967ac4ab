import { add, compare, div, mul, parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
import type { ValuationUnit } from "~/lib/prefs/cookie-prefs";
import { usdtIn, type RatesState } from "~/lib/prefs/rates";

/** A spot balance as Bitget's `account/assets` gives it. */
export interface SpotAsset {
  coin: string;
  available: string;
  frozen: string;
  locked: string;
}

export interface PriceTicker {
  symbol: string;
  lastPr: string;
}

const ZERO: Decimal = { int: 0n, scale: 0 };
const QUOTE = "USDT";

/** What one unit of each coin is worth in USDT, from the spot tickers (`BTCUSDT` → BTC). */
export function usdtPrices(tickers: readonly PriceTicker[]): Map<string, Decimal> {
  const prices = new Map<string, Decimal>([[QUOTE, { int: 1n, scale: 0 }]]);
  for (const t of tickers) {
    const price = parseDecimal(t.lastPr);
    if (t.symbol.endsWith(QUOTE) && price) prices.set(t.symbol.slice(0, -QUOTE.length), price);
  }
  return prices;
}

export interface Holding {
  coin: string;
  amount: string;
  /** The holding's worth in USDT, or undefined when the coin has no USDT market. */
  usdt: string | undefined;
}

/** Each holding (available + frozen + locked) and its USDT worth, largest first. */
export function holdings(assets: readonly SpotAsset[], prices: Map<string, Decimal>): Holding[] {
  const out = assets.map((a) => {
    const amount = [a.available, a.frozen, a.locked].map((v) => parseDecimal(v) ?? ZERO).reduce(add, ZERO);
    const price = prices.get(a.coin);
    return { coin: a.coin, amountDec: amount, usdtDec: price ? mul(amount, price) : undefined };
  });
  out.sort((x, y) => compare(y.usdtDec ?? ZERO, x.usdtDec ?? ZERO));
  return out.map((h) => ({ coin: h.coin, amount: toText(h.amountDec), usdt: h.usdtDec ? toText(h.usdtDec) : undefined }));
}

export function totalUsdt(list: readonly Holding[]): string {
  return toText(list.reduce((sum, h) => add(sum, parseDecimal(h.usdt ?? "0") ?? ZERO), ZERO));
}

export type Valuation = { kind: "fiat"; currency: string; amount: string } | { kind: "coin"; coin: string; amount: string };

/**
 * A USDT amount in the valuation unit the user chose (1 fiat, 2 USDT, 3 BTC). Falls back to USDT
 * while the fiat rate or the BTC price is unknown, so a number is always shown.
 */
export function valuate(usdt: string, unit: ValuationUnit, currency: string, rates: RatesState, prices: Map<string, Decimal>): Valuation {
  if (unit === "1") {
    const fiat = usdtIn(usdt, currency, rates);
    if (fiat !== undefined) return { kind: "fiat", currency, amount: fiat };
  }
  if (unit === "3") {
    const btc = prices.get("BTC");
    const amount = parseDecimal(usdt);
    const inBtc = btc && amount ? div(amount, btc, 8) : undefined;
    if (inBtc) return { kind: "coin", coin: "BTC", amount: toText(inBtc) };
  }
  return { kind: "coin", coin: QUOTE, amount: usdt };
}
