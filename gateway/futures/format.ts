/** Futures records as Bitget v2 mix JSON: decimal strings, Bitget's field names. */
import { formatScaled } from "../exchange/decimal.ts";
import type { Env } from "../exchange/engine/types.ts";
import { lots, price } from "../exchange/format.ts";
import type { Contract } from "./contracts.ts";
import { FUTURES_FEES } from "./contracts.ts";
import type { Futures } from "./futures.ts";
import { fundingRatePpm, FUNDING_CAP_PPM } from "./pricing.ts";
import { advertisedRatios } from "../../protocol/price-protection.ts";

/** A rate in parts per million as Bitget's six-decimal string. */
export const ppm = (v: number) => formatScaled(v, 6);

export function contractJson(c: Contract, fundingIntervalMs: number) {
  const inst = c.inst;
  return {
    symbol: c.symbol,
    baseCoin: inst.baseCoin,
    quoteCoin: inst.quoteCoin,
    // the band the order path enforces, from the one place it is written (docs/decisions/341)
    ...advertisedRatios(),
    feeRateUpRatio: "0.005",
    makerFeeRate: ppm(FUTURES_FEES.maker),
    takerFeeRate: ppm(FUTURES_FEES.taker),
    openCostUpRatio: "0.01",
    supportMarginCoins: [inst.quoteCoin],
    minTradeNum: lots(inst, inst.minLots),
    priceEndStep: "1",
    volumePlace: String(inst.quantityPrecision),
    pricePlace: String(inst.pricePrecision),
    sizeMultiplier: lots(inst, 1),
    symbolType: "perpetual",
    minTradeUSDT: String(c.minTradeUsdt),
    maxSymbolOrderNum: "200",
    maxProductOrderNum: "400",
    maxPositionNum: "150",
    symbolStatus: "normal",
    offTime: "-1",
    limitOpenTime: "-1",
    deliveryTime: "",
    deliveryStartTime: "",
    deliveryPeriod: "",
    launchTime: "",
    fundInterval: String(Math.max(1, Math.round(fundingIntervalMs / 3_600_000))),
    minLever: "1",
    maxLever: String(c.maxLeverage),
    posLimit: "0.05",
    maintainTime: "",
    maxMarketOrderQty: lots(inst, inst.maxLots),
    maxOrderQty: lots(inst, inst.maxLots),
  };
}

export function tickerJson(fx: Futures, env: Env, c: Contract, now: number) {
  const inst = c.inst;
  const m = fx.market;
  const book = m.book(env, c.symbol);
  const st = m.candles.stats24h(c.symbol, now);
  const ps = m.price(env, c.symbol);
  const last = m.last(env, c.symbol);
  const bid = book.bids.best();
  const ask = book.asks.best();
  const change = (from: number) => (from > 0 ? formatScaled(BigInt(Math.round(((last - from) / from) * 10_000)), 4) : "0");
  const cents = (v: number) => formatScaled(BigInt(Math.round(v)), 2);
  return {
    symbol: c.symbol,
    lastPr: price(inst, last),
    askPr: ask ? price(inst, ask.price) : "",
    bidPr: bid ? price(inst, bid.price) : "",
    bidSz: bid ? lots(inst, bid.lots) : "",
    askSz: ask ? lots(inst, ask.lots) : "",
    high24h: price(inst, Math.max(st?.high ?? last, last)),
    low24h: price(inst, Math.min(st?.low ?? last, last)),
    ts: String(now),
    change24h: change(st?.open ?? 0),
    baseVolume: lots(inst, st?.base ?? 0),
    quoteVolume: cents(st?.quoteCents ?? 0),
    usdtVolume: cents(st?.quoteCents ?? 0),
    openUtc: price(inst, st?.openUtc ?? last),
    changeUtc24h: change(st?.openUtc ?? 0),
    indexPrice: price(inst, ps.index),
    fundingRate: ppm(fundingRatePpm(ps)),
    holdingAmount: lots(inst, fx.openInterest(env, c.symbol)),
    deliveryStartTime: null,
    deliveryTime: null,
    deliveryStatus: "",
    open24h: price(inst, st?.open ?? last),
    markPrice: price(inst, ps.mark),
  };
}

export function currentFundingJson(fx: Futures, env: Env, c: Contract) {
  return {
    symbol: c.symbol,
    fundingRate: ppm(fundingRatePpm(fx.market.price(env, c.symbol))),
    fundingRateInterval: String(Math.max(1, Math.round(fx.config.fundingIntervalMs / 3_600_000))),
    nextUpdate: String(fx.market.fundingTime),
    minFundingRate: ppm(-FUNDING_CAP_PPM),
    maxFundingRate: ppm(FUNDING_CAP_PPM),
  };
}
