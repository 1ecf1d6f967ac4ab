/**
 * The futures market as the exchange's stream server serves it (docs/decisions/314): public
 * `ticker` (with mark, index and funding), `books`/`books1`/`books5`/`books15`, `trade` and
 * `candle*` channels under `instType: "USDT-FUTURES"`, with spot's snapshot, update and seq rules.
 */
import { CANDLE_CHANNELS } from "../../protocol/bitget.ts";
import { lots, price } from "../exchange/format.ts";
import type { StreamMarket } from "../exchange/streams/server.ts";
import { contract, type Contract } from "./contracts.ts";
import { tickerJson } from "./format.ts";
import type { Futures } from "./futures.ts";

export function futuresStreamMarket(fx: Futures): StreamMarket {
  return {
    book: (env, symbol) => fx.market.book(env, symbol),
    books: () => fx.market.allBooks(),
    trades: (env, symbol, limit) => fx.market.tape(env, symbol).latest(limit),
    ticker: (env, inst) => {
      const c = contract(inst.symbol) as Contract;
      const t = tickerJson(fx, env, c, Date.now());
      return {
        instId: c.symbol,
        lastPr: t.lastPr,
        bidPr: t.bidPr,
        askPr: t.askPr,
        bidSz: t.bidSz,
        askSz: t.askSz,
        open24h: t.open24h,
        high24h: t.high24h,
        low24h: t.low24h,
        change24h: t.change24h,
        fundingRate: t.fundingRate,
        nextFundingTime: String(fx.market.fundingTime),
        markPrice: t.markPrice,
        indexPrice: t.indexPrice,
        holdingAmount: t.holdingAmount,
        baseVolume: t.baseVolume,
        quoteVolume: t.quoteVolume,
        openUtc: t.openUtc,
        symbolType: 1,
        symbol: c.symbol,
        deliveryPrice: "0",
        ts: t.ts,
      };
    },
    candles: (inst, channel, limit) => {
      const g = CANDLE_CHANNELS[channel]!;
      return fx.market.candles.query(inst.symbol, g, Date.now(), limit).map((k) => {
        const q = (Math.round(k.q) / 100).toFixed(2);
        return [String(k.ts), price(inst, k.o), price(inst, k.h), price(inst, k.l), price(inst, k.c), lots(inst, k.v), q, q];
      });
    },
    tradeListeners: fx.market.tradeListeners,
  };
}
