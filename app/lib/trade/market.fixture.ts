import { parseDecimal, type Decimal } from "~/lib/numbers/decimal";
import { marketOf, type Market } from "./market";
import type { OrderContext, OrderFormState } from "./order-form";

export const d = (t: string): Decimal => parseDecimal(t)!;

/** BTC/USDT as the gateway lists it: price to 0.01, size to 0.000001 BTC, at least 1 USDT an order. */
export const btc: Market = marketOf({
  symbol: "BTCUSDT",
  baseCoin: "BTC",
  quoteCoin: "USDT",
  minTradeAmount: "0.000001",
  maxTradeAmount: "1000.000000",
  pricePrecision: "2",
  quantityPrecision: "6",
  quotePrecision: "6",
  minTradeUSDT: "1",
  status: "online",
})!;

/** A trader with 0.5 BTC and 1000 USDT free while BTC last traded at 95000. */
export const ctx: OrderContext = { market: btc, available: { base: d("0.5"), quote: d("1000") }, lastPrice: d("95000") };

/** A limit buy of 0.01 BTC at 90,000 USDT, good till cancelled, sized in coin, without TP/SL. */
export const limitBuy: OrderFormState = {
  side: "buy",
  type: "limit",
  force: "gtc",
  unit: "coin",
  price: "90000",
  quantity: "0.01",
  takeProfit: "",
  stopLoss: "",
};
