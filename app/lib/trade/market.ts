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

/** The rules of a listed pair, or undefined when the listing is not readable. */
export function marketOf(s: SpotSymbol): Market | undefined {
  const pp = precision(s.pricePrecision);
  const qp = precision(s.quantityPrecision);
  const quoteP = precision(s.quotePrecision);
  const minSize = parseDecimal(s.minTradeAmount);
  const maxSize = parseDecimal(s.maxTradeAmount);
  const minNotional = parseDecimal(s.minTradeUSDT);
  if (pp === undefined || qp === undefined || quoteP === undefined || !minSize || !maxSize || !minNotional) return undefined;
  return {
    symbol: s.symbol,
    base: s.baseCoin,
    quote: s.quoteCoin,
    pricePrecision: pp,
    quantityPrecision: qp,
    quotePrecision: quoteP,
    tick: step(pp),
    lot: step(qp),
    quoteStep: step(quoteP),
    minSize,
    maxSize,
    minNotional,
  };
}
