import { parseDecimal, type Decimal } from "~/lib/numbers/decimal";
import { precision, withSteps, type Market } from "~/lib/trade/market";

/** A USDT-M contract as Bitget's `/api/v2/mix/market/contracts` lists it (the fields the futures screen reads). */
export interface FuturesContract {
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
  makerFeeRate: string;
  takerFeeRate: string;
  minTradeNum: string;
  priceEndStep: string;
  volumePlace: string;
  pricePlace: string;
  sizeMultiplier: string;
  symbolType: string;
  minTradeUSDT: string;
  symbolStatus: string;
  fundInterval: string;
  minLever: string;
  maxLever: string;
  maxMarketOrderQty?: string;
  maxOrderQty?: string;
  supportMarginCoins?: string[];
}

/** A contract's rules as exact decimals, on top of the spot `Market` shape the book, trades and chart already read. */
export interface FuturesMarket extends Market {
  /** One contract ("Cont") in the base coin. */
  contractSize: Decimal;
  makerRate: number;
  takerRate: number;
  minLeverage: number;
  maxLeverage: number;
  /** Hours between funding settlements. */
  fundingHours: number;
}

const rate = (text: string): number | undefined => (/^\d+(\.\d+)?$/.test(text) && Number(text) < 1 ? Number(text) : undefined);
const whole = (text: string): number | undefined => (/^\d{1,4}$/.test(text) && Number(text) > 0 ? Number(text) : undefined);

/** The rules of a listed contract, or undefined when the listing is not readable. */
export function futuresMarketOf(c: FuturesContract): FuturesMarket | undefined {
  const pp = precision(c.pricePlace);
  const qp = precision(c.volumePlace);
  const endStep = whole(c.priceEndStep);
  const minSize = parseDecimal(c.minTradeNum);
  const contractSize = parseDecimal(c.sizeMultiplier);
  const minNotional = parseDecimal(c.minTradeUSDT);
  const maker = rate(c.makerFeeRate);
  const taker = rate(c.takerFeeRate);
  const minLeverage = whole(c.minLever);
  const maxLeverage = whole(c.maxLever);
  const fundingHours = whole(c.fundInterval) ?? 8;
  if (
    pp === undefined ||
    qp === undefined ||
    endStep === undefined ||
    !minSize ||
    !contractSize ||
    contractSize.int <= 0n ||
    !minNotional ||
    maker === undefined ||
    taker === undefined ||
    !minLeverage ||
    !maxLeverage ||
    minLeverage > maxLeverage
  )
    return undefined;
  const maxSize = parseDecimal(c.maxOrderQty ?? "") ?? { int: 10n ** 12n, scale: 0 };
  // A tick is `priceEndStep` units of the last price place (Bitget: 0.1 with pricePlace 1 and priceEndStep 1).
  return withSteps(
    {
      symbol: c.symbol,
      base: c.baseCoin,
      quote: c.quoteCoin,
      pricePrecision: pp,
      quantityPrecision: qp,
      quotePrecision: 4,
      minSize,
      maxSize,
      minNotional,
      contractSize,
      makerRate: maker,
      takerRate: taker,
      minLeverage,
      maxLeverage,
      fundingHours,
    },
    BigInt(endStep),
  );
}
