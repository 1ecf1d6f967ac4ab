/**
 * USDT-margined perpetual contracts, one for every listed spot pair (docs/decisions/310). A
 * contract trades on the spot pair's tick and lot grid, so prices, sizes and the integer ledger
 * (LEDGER_SCALE) are the spot engine's; what futures add are the risk tiers: the maximum leverage
 * and the maintenance margin rate by position notional.
 */
import { vipTier } from "../../protocol/vip.ts";
import { INSTRUMENTS, instrument, type Instrument } from "../exchange/instruments.ts";

/** One risk tier: positions with a notional up to `maxNotional` USDT may use up to `maxLeverage`. */
export interface RiskTier {
  level: number;
  /** Notional bounds in whole USDT: (min, max]. */
  minNotional: number;
  maxNotional: number;
  maxLeverage: number;
  /** Maintenance margin rate in parts per million of the notional. */
  mmrPpm: number;
}

export interface Contract {
  symbol: string;
  inst: Instrument;
  tiers: readonly RiskTier[];
  maxLeverage: number;
  /** Minimum order value in whole USDT (Bitget's `minTradeUSDT`). */
  minTradeUsdt: number;
}

/**
 * Maker and taker fees of USDT-M futures at the base tier, parts per million (Bitget's VIP 0: 0.02 %
 * and 0.06 %); the other tiers are in protocol/vip.ts (docs/decisions/332).
 */
export const FUTURES_FEES = vipTier(0).futures;
/** Largest leverage a tier table starts with, by contract. */
const TOP_LEVERAGE: Record<string, number> = { BTC: 125, ETH: 100 };
const DEFAULT_TOP = 75;
/** The tier ladder (notional in USDT for the largest contracts; others scale it down). */
const LADDER: ReadonlyArray<{ notional: number; lever: number; mmrPpm: number }> = [
  { notional: 200_000, lever: 125, mmrPpm: 4_000 },
  { notional: 1_000_000, lever: 75, mmrPpm: 6_500 },
  { notional: 5_000_000, lever: 50, mmrPpm: 10_000 },
  { notional: 20_000_000, lever: 20, mmrPpm: 25_000 },
  { notional: 50_000_000, lever: 10, mmrPpm: 50_000 },
  { notional: 100_000_000, lever: 5, mmrPpm: 100_000 },
  { notional: 300_000_000, lever: 2, mmrPpm: 250_000 },
];

function tiersOf(inst: Instrument): RiskTier[] {
  const top = TOP_LEVERAGE[inst.baseCoin] ?? DEFAULT_TOP;
  // smaller markets get smaller notional bands: a tenth of BTC's and ETH's
  const scale = top === DEFAULT_TOP ? 10 : 1;
  let min = 0;
  return LADDER.map((t, i) => {
    const lever = Math.min(top, t.lever);
    // a tier's maintenance rate is at most half of its initial margin rate, so a new position starts well away from liquidation
    const mmrPpm = Math.max(t.mmrPpm, Math.ceil(1_000_000 / lever / 2.5 / 100) * 100);
    const tier = { level: i + 1, minNotional: min, maxNotional: t.notional / scale, maxLeverage: lever, mmrPpm };
    min = tier.maxNotional;
    return tier;
  });
}

export const CONTRACTS: readonly Contract[] = INSTRUMENTS.map((inst) => {
  const tiers = tiersOf(inst);
  return { symbol: inst.symbol, inst, tiers, maxLeverage: tiers[0]!.maxLeverage, minTradeUsdt: 5 };
});

const BY_SYMBOL = new Map(CONTRACTS.map((c) => [c.symbol, c]));

export function contract(symbol: string): Contract | undefined {
  return BY_SYMBOL.get(symbol.toUpperCase()) ?? (instrument(symbol) ? BY_SYMBOL.get(instrument(symbol)!.symbol) : undefined);
}

/** The tier a position of `notionalUsdt` falls in (the last tier for anything larger). */
export function tierFor(c: Contract, notionalUsdt: number): RiskTier {
  for (const t of c.tiers) if (notionalUsdt <= t.maxNotional) return t;
  return c.tiers[c.tiers.length - 1]!;
}

/** Per contract, the ledger value at which each tier ends (exclusive) and the next tier's rate applies. */
const TIER_LIMITS = new Map(
  CONTRACTS.map((c) => [c, c.tiers.map((t) => (BigInt(Math.floor(t.maxNotional)) + 1n) * 100_000_000n)] as const),
);

/**
 * The tier of a position of `value` ledger units: tierFor of its whole USDT, by comparing with
 * bounds made once instead of dividing (the risk index asks on every fill; a division allocates).
 */
export function tierAt(c: Contract, value: bigint): RiskTier {
  const limits = TIER_LIMITS.get(c);
  if (!limits) return tierFor(c, Number(value / 100_000_000n));
  for (let i = 0; i < limits.length; i++) if (value < (limits[i] as bigint)) return c.tiers[i] as RiskTier;
  return c.tiers[c.tiers.length - 1]!;
}
