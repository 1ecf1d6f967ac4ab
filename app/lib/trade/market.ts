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

const precision = (text: string): number | undefined => (/^\d{1,2}$/.test(text) ? Number(text) : undefined);
const step = (digits: number): Decimal => ({ int: 1n, scale: digits });

/** A listing's common fields as its API spells them: text, to be read exactly. */
export interface ListingText {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: string;
  quantityPrecision: string;
  quotePrecision: string;
  minSize: string;
  maxSize: string;
  minNotional: string;
}

/**
 * A listing's rules as exact decimals, or undefined when a field is not readable: a tick of
 * `tickUnits` at the price precision, a lot and quote step of one unit at theirs.
 */
export function listingRules(l: ListingText, tickUnits = 1n): Market | undefined {
  const pp = precision(l.pricePrecision);
  const qp = precision(l.quantityPrecision);
  const quoteP = precision(l.quotePrecision);
  const minSize = parseDecimal(l.minSize);
  const maxSize = parseDecimal(l.maxSize);
  const minNotional = parseDecimal(l.minNotional);
  if (pp === undefined || qp === undefined || quoteP === undefined || !minSize || !maxSize || !minNotional) return undefined;
  return {
    symbol: l.symbol,
    base: l.base,
    quote: l.quote,
    pricePrecision: pp,
    quantityPrecision: qp,
    quotePrecision: quoteP,
    tick: { int: tickUnits, scale: pp },
    lot: step(qp),
    quoteStep: step(quoteP),
    minSize,
    maxSize,
    minNotional,
  };
}

/** The rules of a listed pair, or undefined when the listing is not readable. */
export const marketOf = (s: SpotSymbol): Market | undefined =>
  listingRules({
    symbol: s.symbol,
    base: s.baseCoin,
    quote: s.quoteCoin,
    pricePrecision: s.pricePrecision,
    quantityPrecision: s.quantityPrecision,
    quotePrecision: s.quotePrecision,
    minSize: s.minTradeAmount,
    maxSize: s.maxTradeAmount,
    minNotional: s.minTradeUSDT,
  });
