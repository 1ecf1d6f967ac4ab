/**
 * USDT-to-fiat rates for `usdtRate`: deterministic in (seed, time) so every gateway process of a
 * deployment agrees, and moving smoothly like a quoted FX rate (a few bp per hour, USD pegged
 * within a tenth of a percent). The bases are reference levels, not market quotes: this gateway
 * has no FX feed.
 */
export interface FiatInfo {
  name: string;
  symbol: string;
  value: string;
  base: number;
  decimals: number;
  /** Relative amplitude of the slow drift. */
  drift: number;
}

export const FIATS: readonly FiatInfo[] = [
  { name: "USD", symbol: "$", value: "USD", base: 1, decimals: 4, drift: 0.0008 },
  { name: "IDR", symbol: "Rp", value: "IDR", base: 16250, decimals: 2, drift: 0.01 },
  { name: "CNY", symbol: "¥", value: "CNY", base: 7.12, decimals: 4, drift: 0.006 },
  { name: "EUR", symbol: "€", value: "EUR", base: 0.92, decimals: 4, drift: 0.008 },
  { name: "HKD", symbol: "HK$", value: "HKD", base: 7.79, decimals: 4, drift: 0.002 },
  { name: "JPY", symbol: "¥", value: "JPY", base: 151.5, decimals: 3, drift: 0.012 },
  { name: "PHP", symbol: "₱", value: "PHP", base: 57.8, decimals: 3, drift: 0.01 },
  { name: "RUB", symbol: "₽", value: "RUB", base: 92.5, decimals: 3, drift: 0.02 },
  { name: "THB", symbol: "฿", value: "THB", base: 35.6, decimals: 3, drift: 0.01 },
  { name: "TRY", symbol: "₺", value: "TRY", base: 34.2, decimals: 3, drift: 0.02 },
  { name: "TWD", symbol: "NT$", value: "TWD", base: 32.1, decimals: 3, drift: 0.008 },
  { name: "VND", symbol: "₫", value: "VND", base: 25350, decimals: 0, drift: 0.006 },
  { name: "KRW", symbol: "₩", value: "KRW", base: 1380, decimals: 2, drift: 0.01 },
  { name: "UAH", symbol: "₴", value: "UAH", base: 41.3, decimals: 3, drift: 0.01 },
  { name: "UZS", symbol: "soʻm", value: "UZS", base: 12750, decimals: 1, drift: 0.01 },
  { name: "AED", symbol: "د.إ", value: "AED", base: 3.6725, decimals: 4, drift: 0.0005 },
  { name: "CAD", symbol: "C$", value: "CAD", base: 1.38, decimals: 4, drift: 0.008 },
  // Added for the price wiki's currencies (docs/decisions/605): reference levels of late 2025, not live quotes.
  { name: "GBP", symbol: "£", value: "GBP", base: 0.76, decimals: 4, drift: 0.008 },
  { name: "BRL", symbol: "R$", value: "BRL", base: 5.35, decimals: 4, drift: 0.015 },
  { name: "INR", symbol: "₹", value: "INR", base: 88.5, decimals: 3, drift: 0.006 },
];

/** 32-bit avalanche hash (a splitmix-style finaliser). */
function hash32(n: number): number {
  let x = n | 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

function unit(seed: number, i: number): number {
  return hash32(seed * 1_000_003 + i) / 0xffffffff;
}

/** Smooth noise in [-1, 1]: three incommensurate waves with seeded phases and periods. */
function wave(seed: number, t: number): number {
  const periodsMs = [3_600_000, 17_000_000, 86_400_000];
  let sum = 0;
  periodsMs.forEach((p, i) => {
    const period = p * (0.75 + 0.5 * unit(seed, i * 2));
    const phase = unit(seed, i * 2 + 1) * 2 * Math.PI;
    sum += Math.sin((2 * Math.PI * t) / period + phase);
  });
  return sum / periodsMs.length;
}

export function fiatRate(fiat: FiatInfo, seed: number, nowMs: number): string {
  const fiatSeed = seed ^ hash32([...fiat.value].reduce((h, c) => h * 31 + c.charCodeAt(0), 7));
  const value = fiat.base * (1 + fiat.drift * wave(fiatSeed, nowMs));
  return value.toFixed(fiat.decimals);
}

export function usdtRates(seed: number, nowMs: number) {
  const rates: Record<string, string> = {};
  for (const f of FIATS) rates[f.value] = fiatRate(f, seed, nowMs);
  return {
    supported: FIATS.map(({ name, symbol, value }) => ({ name, symbol, value })),
    rates,
  };
}
