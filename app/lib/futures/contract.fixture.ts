import type { FuturesContract } from "./contract";

/** BTCUSDT as Bitget lists it, for tests. */
export const BTC_CONTRACT: FuturesContract = {
  symbol: "BTCUSDT",
  baseCoin: "BTC",
  quoteCoin: "USDT",
  makerFeeRate: "0.0002",
  takerFeeRate: "0.0006",
  minTradeNum: "0.001",
  priceEndStep: "1",
  volumePlace: "3",
  pricePlace: "1",
  sizeMultiplier: "0.001",
  symbolType: "perpetual",
  minTradeUSDT: "5",
  symbolStatus: "normal",
  fundInterval: "8",
  minLever: "1",
  maxLever: "125",
};
