import { parseDecimal, type Decimal } from "~/lib/numbers/decimal";

/** A spot pair as Bitget's `public/symbols` lists it (the fields the trading page reads). */
export interface SpotSymbol {
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
  minTradeAmount: string;
  maxTradeAmount: string;
  pricePrecision: string;
  quantityPrecision: string;
  quotePrecision: string;
  minTradeUSDT: string;
  status: string;
}

/** A pair's trading rules as exact decimals: tick, lot, quote step, size limits, minimum order value. */
export interface Market {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  quantityPrecision: number;
  quotePrecision: number;
  tick: Decimal;
  lot: Decimal;
  quoteStep: Decimal;
  minSize: Decimal;
  maxSize: Decimal;
  minNotional: Decimal;
}

/** A precision field of a listing (`"2"`), or undefined when it is not one. */
export const precision = (text: string): number | undefined => (/^\d{1,2}$/.test(text) ? Number(text) : undefined);
const step = (digits: number): Decimal => ({ int: 1n, scale: digits });

type Listing = Omit<Market, "tick" | "lot" | "quoteStep">;

/** A listing's rules with its steps: a tick of `tickUnits` at the price precision, a lot and quote step of one unit at theirs. */
export function withSteps<L extends Listing>(l: L, tickUnits = 1n): L & Market {
  return { ...l, tick: { int: tickUnits, scale: l.pricePrecision }, lot: step(l.quantityPrecision), quoteStep: step(l.quotePrecision) };
}

/** The rules of a listed pair, or undefined when the listing is not readable. */
export function marketOf(s: SpotSymbol): Market | undefined {
  const pp = precision(s.pricePrecision);
  const qp = precision(s.quantityPrecision);
  const quoteP = precision(s.quotePrecision);
  const minSize = parseDecimal(s.minTradeAmount);
  const maxSize = parseDecimal(s.maxTradeAmount);
  const minNotional = parseDecimal(s.minTradeUSDT);
  if (pp === undefined || qp === undefined || quoteP === undefined || !minSize || !maxSize || !minNotional) return undefined;
  return withSteps({
    symbol: s.symbol,
    base: s.baseCoin,
    quote: s.quoteCoin,
    pricePrecision: pp,
    quantityPrecision: qp,
    quotePrecision: quoteP,
    minSize,
    maxSize,
    minNotional,
  });
}
