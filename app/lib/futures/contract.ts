import { parseDecimal, type Decimal } from "~/lib/numbers/decimal";
import { listingRules, type Market } from "~/lib/trade/market";

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
/** Bitget lists no size cap on some contracts. */
const NO_CAP = "1000000000000";

/** The rules of a listed contract, or undefined when the listing is not readable. */
export function futuresMarketOf(c: FuturesContract): FuturesMarket | undefined {
  const endStep = whole(c.priceEndStep);
  // A tick is `priceEndStep` units of the last price place (Bitget: 0.1 with pricePlace 1 and priceEndStep 1).
  const rules =
    endStep === undefined
      ? undefined
      : listingRules(
          {
            symbol: c.symbol,
            base: c.baseCoin,
            quote: c.quoteCoin,
            pricePrecision: c.pricePlace,
            quantityPrecision: c.volumePlace,
            quotePrecision: "4",
            minSize: c.minTradeNum,
            maxSize: c.maxOrderQty !== undefined && parseDecimal(c.maxOrderQty) ? c.maxOrderQty : NO_CAP,
            minNotional: c.minTradeUSDT,
          },
          BigInt(endStep),
        );
  const contractSize = parseDecimal(c.sizeMultiplier);
  const makerRate = rate(c.makerFeeRate);
  const takerRate = rate(c.takerFeeRate);
  const minLeverage = whole(c.minLever);
  const maxLeverage = whole(c.maxLever);
  if (
    !rules ||
    !contractSize ||
    contractSize.int <= 0n ||
    makerRate === undefined ||
    takerRate === undefined ||
    !minLeverage ||
    !maxLeverage ||
    minLeverage > maxLeverage
  )
    return undefined;
  return { ...rules, contractSize, makerRate, takerRate, minLeverage, maxLeverage, fundingHours: whole(c.fundInterval) ?? 8 };
}
