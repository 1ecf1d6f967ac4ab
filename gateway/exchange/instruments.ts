/**
 * The spot pairs the embedded exchange lists. Prices are integers of ticks (10^-pricePrecision),
 * sizes integers of lots (10^-quantityPrecision); ledger balances are integers of 10^-8 of a
 * coin, so pricePrecision + quantityPrecision <= 8 keeps every notional exact.
 */
import { pow10 } from "./decimal.ts";

export const LEDGER_SCALE = 8;
export const QUOTE_COIN = "USDT";

export interface Instrument {
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
  pricePrecision: number;
  quantityPrecision: number;
  /** Precision of quote amounts (market buy sizes). */
  quotePrecision: number;
  /** Minimum order size in lots. */
  minLots: number;
  /** Maximum order size in lots. */
  maxLots: number;
  /** Minimum notional in ledger units of the quote coin. */
  minNotional: bigint;
  /** Reference price at the market's genesis (a plain number: only the simulator reads it). */
  refPrice: number;
  /** Annualised volatility and loading on the common market factor of the simulator. */
  vol: number;
  beta: number;
  coinName: string;
  /** Ledger units per lot and per (tick x lot), precomputed for the engine. */
  baseUnitsPerLot: bigint;
  quoteUnitsPerTickLot: bigint;
  /** Positions of the base and quote coins in COINS. */
  baseIndex: number;
  quoteIndex: number;
}

type Spec = Pick<Instrument, "pricePrecision" | "quantityPrecision" | "refPrice" | "vol" | "beta" | "coinName"> & {
  base: string;
  minSize: number;
  maxSize: number;
};

const SPECS: Spec[] = [
  {
    base: "BTC",
    coinName: "Bitcoin",
    pricePrecision: 2,
    quantityPrecision: 6,
    refPrice: 95_000,
    vol: 0.55,
    beta: 1,
    minSize: 1,
    maxSize: 1_000_000_000,
  },
  {
    base: "ETH",
    coinName: "Ethereum",
    pricePrecision: 2,
    quantityPrecision: 4,
    refPrice: 3_200,
    vol: 0.7,
    beta: 1.1,
    minSize: 1,
    maxSize: 100_000_000,
  },
  {
    base: "SOL",
    coinName: "Solana",
    pricePrecision: 2,
    quantityPrecision: 3,
    refPrice: 140,
    vol: 0.9,
    beta: 1.25,
    minSize: 1,
    maxSize: 1_000_000_000,
  },
  {
    base: "XRP",
    coinName: "XRP",
    pricePrecision: 4,
    quantityPrecision: 2,
    refPrice: 2.2,
    vol: 0.85,
    beta: 1.1,
    minSize: 1,
    maxSize: 10_000_000_000,
  },
  {
    base: "DOGE",
    coinName: "Dogecoin",
    pricePrecision: 5,
    quantityPrecision: 2,
    refPrice: 0.16,
    vol: 1.0,
    beta: 1.3,
    minSize: 1,
    maxSize: 100_000_000_000,
  },
  {
    base: "ADA",
    coinName: "Cardano",
    pricePrecision: 4,
    quantityPrecision: 2,
    refPrice: 0.45,
    vol: 0.9,
    beta: 1.2,
    minSize: 1,
    maxSize: 10_000_000_000,
  },
  {
    base: "LTC",
    coinName: "Litecoin",
    pricePrecision: 2,
    quantityPrecision: 4,
    refPrice: 90,
    vol: 0.75,
    beta: 1,
    minSize: 1,
    maxSize: 1_000_000_000,
  },
  {
    base: "BNB",
    coinName: "BNB",
    pricePrecision: 2,
    quantityPrecision: 4,
    refPrice: 900,
    vol: 0.5,
    beta: 0.8,
    minSize: 1,
    maxSize: 1_000_000_000,
  },
  {
    base: "TRX",
    coinName: "TRON",
    pricePrecision: 5,
    quantityPrecision: 2,
    refPrice: 0.28,
    vol: 0.6,
    beta: 0.7,
    minSize: 1,
    maxSize: 100_000_000_000,
  },
  {
    base: "LINK",
    coinName: "Chainlink",
    pricePrecision: 3,
    quantityPrecision: 2,
    refPrice: 14,
    vol: 0.85,
    beta: 1.15,
    minSize: 1,
    maxSize: 10_000_000_000,
  },
  // the platform coin (Bitget's BGB): fees may be paid in it at a discount (docs/decisions/353)
  {
    base: "BGB",
    coinName: "Bitget Token",
    pricePrecision: 4,
    quantityPrecision: 2,
    refPrice: 4.5,
    vol: 0.6,
    beta: 0.7,
    minSize: 1,
    maxSize: 10_000_000_000,
  },
];

/** Bitget's spot minimum order value is 1 USDT. */
const MIN_NOTIONAL_USDT = 1n;

export const INSTRUMENTS: readonly Instrument[] = SPECS.map((s, i) => ({
  symbol: `${s.base}${QUOTE_COIN}`,
  baseCoin: s.base,
  quoteCoin: QUOTE_COIN,
  pricePrecision: s.pricePrecision,
  quantityPrecision: s.quantityPrecision,
  quotePrecision: 6,
  minLots: s.minSize,
  maxLots: s.maxSize,
  minNotional: MIN_NOTIONAL_USDT * pow10(LEDGER_SCALE),
  refPrice: s.refPrice,
  vol: s.vol,
  beta: s.beta,
  coinName: s.coinName,
  baseUnitsPerLot: pow10(LEDGER_SCALE - s.quantityPrecision),
  quoteUnitsPerTickLot: pow10(LEDGER_SCALE - s.pricePrecision - s.quantityPrecision),
  baseIndex: i + 1,
  quoteIndex: 0,
}));

const BY_SYMBOL = new Map(INSTRUMENTS.map((i) => [i.symbol, i]));

export function instrument(symbol: string): Instrument | undefined {
  return BY_SYMBOL.get(symbol.toUpperCase());
}

/** The quote coin, then the base coin of each instrument (its `baseIndex`). */
export const COINS: readonly string[] = [QUOTE_COIN, ...INSTRUMENTS.map((i) => i.baseCoin)];
const COIN_INDEX = new Map(COINS.map((c, i) => [c, i]));

/** Position of a coin in COINS, -1 for any other. */
export function coinIndex(coin: string): number {
  return COIN_INDEX.get(coin) ?? -1;
}

/** Quote ledger units of `lots` at `ticks`. */
export function notional(inst: Instrument, ticks: number, lots: number): bigint {
  // ticks x lots is an integer count of (tick x lot) grid cells, exact in a number while it is a
  // safe integer; one BigInt conversion instead of two and a product (the engine's hot path)
  const cells = ticks * lots;
  if (Number.isSafeInteger(cells) && Number.isSafeInteger(ticks) && Number.isSafeInteger(lots))
    return BigInt(cells) * inst.quoteUnitsPerTickLot;
  return BigInt(ticks) * BigInt(lots) * inst.quoteUnitsPerTickLot;
}
