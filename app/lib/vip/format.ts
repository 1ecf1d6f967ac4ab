/** Figures of the VIP and fee pages (docs/decisions/713): rates as percentages, USDT in the chosen currency. */
import { formatMoney, formatNumber } from "~/lib/i18n/format";
import { numberFormat } from "~/lib/i18n/formatters";
import { usdtIn, type RatesState } from "~/lib/prefs/rates";

/** A rate in parts per million as a percentage (1000 → 0.1 %), with as many decimals as it has. */
export function ratePercent(ppm: number, intl: string): string {
  return numberFormat(intl, { style: "percent", maximumFractionDigits: 4 }).format(ppm / 1_000_000);
}

/** A decimal rate as Bitget writes it ("0.00045") as a percentage. */
export function decimalRatePercent(rate: string, intl: string): string {
  const n = Number(rate);
  return Number.isFinite(n) ? ratePercent(Math.round(n * 1_000_000), intl) : "—";
}

/** An amount of USDT in the trader's currency when a rate is known, else in USDT. */
export function usdtMoney(usdt: string, currency: string, rates: RatesState, intl: string, compact = false): string {
  const fiat = usdtIn(usdt, currency, rates);
  return fiat !== undefined
    ? formatMoney(fiat, currency, intl, { compact })
    : `${formatNumber(usdt, intl, { maxDigits: 2, compact })} USDT`;
}

/** How far `done` is towards `goal` as a whole percentage from 0 to 100. */
export function progressOf(done: string, goal: string): number {
  const d = Number(done);
  const g = Number(goal);
  if (!(g > 0) || !(d >= 0)) return 0;
  return Math.min(100, Math.floor((d / g) * 100));
}
