/**
 * VIP tiers (docs/decisions/332): one table for the gateway, which charges them, and the pages,
 * which show them. A level is reached by its 30-day trading volume OR its asset balance (both in
 * whole USDT); rates are parts per million of the notional (0.1 % = 1000).
 */

export interface FeePair {
  readonly maker: number;
  readonly taker: number;
}

export interface VipTier {
  readonly level: number;
  /** 30-day trading volume (spot, margin and futures) in USDT that reaches the level. */
  readonly volume: number;
  /** Total equity in USDT (spot, margin and futures) that reaches the level. */
  readonly balance: number;
  readonly spot: FeePair;
  readonly futures: FeePair;
}

export const VIP_TIERS: readonly VipTier[] = [
  { level: 0, volume: 0, balance: 0, spot: { maker: 1000, taker: 1000 }, futures: { maker: 200, taker: 600 } },
  { level: 1, volume: 1_000_000, balance: 250_000, spot: { maker: 900, taker: 1000 }, futures: { maker: 180, taker: 550 } },
  { level: 2, volume: 5_000_000, balance: 500_000, spot: { maker: 800, taker: 950 }, futures: { maker: 160, taker: 500 } },
  { level: 3, volume: 10_000_000, balance: 1_000_000, spot: { maker: 700, taker: 900 }, futures: { maker: 140, taker: 450 } },
  { level: 4, volume: 25_000_000, balance: 2_000_000, spot: { maker: 600, taker: 850 }, futures: { maker: 120, taker: 400 } },
  { level: 5, volume: 50_000_000, balance: 5_000_000, spot: { maker: 400, taker: 700 }, futures: { maker: 80, taker: 350 } },
  { level: 6, volume: 100_000_000, balance: 10_000_000, spot: { maker: 200, taker: 600 }, futures: { maker: 0, taker: 300 } },
];

export const TOP_LEVEL = VIP_TIERS.length - 1;

/** The trading volume window, in days of UTC. */
export const VIP_WINDOW_DAYS = 30;
export const DAY_MS = 86_400_000;

/** The tier of a level; unknown levels fall back to the base tier. */
export function vipTier(level: number): VipTier {
  return VIP_TIERS[level] ?? (VIP_TIERS[0] as VipTier);
}

/** The highest level whose volume OR balance threshold is met (whole or fractional USDT). */
export function levelFor(volumeUsdt: number, balanceUsdt: number): number {
  let level = 0;
  for (const t of VIP_TIERS) if (volumeUsdt >= t.volume || balanceUsdt >= t.balance) level = t.level;
  return level;
}

/** The trading rates a business line pays at a level: margin trades on the spot books at spot rates. */
export function ratesFor(level: number, business: "spot" | "margin" | "mix"): FeePair {
  const t = vipTier(level);
  return business === "mix" ? t.futures : t.spot;
}

/** Parts per million as Bitget's decimal string (1000 → "0.001"). */
export function ppmRate(ppm: number): string {
  if (ppm === 0) return "0";
  const s = String(ppm).padStart(7, "0");
  return `${s.slice(0, -6)}.${s.slice(-6)}`.replace(/0+$/, "").replace(/\.$/, "");
}

/** The own endpoint of the VIP page (not Bitget's). */
export const VIP_PATHS = {
  detail: "/v1/vip/detail",
  tradeRate: "/api/v2/common/trade-rate",
} as const;

/** What `/v1/vip/detail` answers: amounts as decimal strings in USDT. */
export interface VipDetail {
  level: number;
  /** The level an operator granted (a floor; 0 for none). */
  granted: number;
  volume30d: string;
  balance: string;
  /** When the last scheduled recompute of every level ran (ms), 0 if never; a grant applies at once. */
  computedAt: number;
  /** When the next recompute is due (ms). */
  nextAt: number;
  next: { level: number; volume: string; balance: string } | null;
  /** One row per UTC day of the window, oldest first (`day` is the day's start in ms). */
  daily: Array<{ day: number; volume: string }>;
}
