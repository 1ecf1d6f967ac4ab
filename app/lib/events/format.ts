import { dateTimeFormat, numberFormat } from "~/lib/i18n/formatters";

/** How the events pages write dates and money: in the page's language, times in UTC (the server cannot know the visitor's zone). */

export function eventDateTime(ms: number, intl: string): string {
  return dateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(ms));
}

/** A USDT amount the gateway sent as a decimal string, grouped for the page's language; `signed` adds + to gains. */
export function usdtAmount(decimal: string, intl: string, signed = false): string {
  const n = Number(decimal);
  if (!Number.isFinite(n)) return decimal;
  return numberFormat(intl, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? "exceptZero" : "auto",
  }).format(n);
}

/** A percentage the gateway sent with two decimals (`7.50` → `+7.50%`). */
export function percent(decimal: string, intl: string): string {
  const n = Number(decimal);
  if (!Number.isFinite(n)) return `${decimal}%`;
  return numberFormat(intl, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  }).format(n / 100);
}
