/** Bitget v2 stream payloads built from the exchange's state. */
import { crc32 } from "node:zlib";
import { lots, price } from "../format.ts";
import type { Env } from "../engine/types.ts";
import type { Instrument } from "../instruments.ts";
import type { Exchange } from "../exchange.ts";
import type { PublicTrade } from "../market/tape.ts";
import { CANDLE_CHANNELS } from "../../../protocol/bitget.ts";

export function levels(inst: Instrument, side: Array<[number, number]>): string[][] {
  return side.map(([p, s]) => [price(inst, p), lots(inst, s)]);
}

/** Bitget's book checksum: crc32 over the first 25 bid/ask pairs interleaved, as a signed int. */
export function bookChecksum(bids: string[][], asks: string[][]): number {
  const parts: string[] = [];
  for (let i = 0; i < 25; i++) {
    const b = bids[i];
    const a = asks[i];
    if (b) parts.push(b[0]!, b[1]!);
    if (a) parts.push(a[0]!, a[1]!);
  }
  return crc32(parts.join(":")) | 0;
}

export function tradeJson(inst: Instrument, t: PublicTrade) {
  return { ts: String(t.ts), price: price(inst, t.price), size: lots(inst, t.size), side: t.side, tradeId: t.tradeId };
}

export function tickerJson(ex: Exchange, env: Env, inst: Instrument) {
  const t = ex.ticker(env, inst, Date.now());
  return {
    instId: inst.symbol,
    lastPr: t.lastPr,
    open24h: t.open,
    high24h: t.high24h,
    low24h: t.low24h,
    change24h: t.change24h,
    bidPr: t.bidPr,
    askPr: t.askPr,
    bidSz: t.bidSz,
    askSz: t.askSz,
    baseVolume: t.baseVolume,
    quoteVolume: t.quoteVolume,
    openUtc: t.openUtc,
    changeUtc24h: t.changeUtc24h,
    ts: t.ts,
  };
}

export function candleRows(ex: Exchange, inst: Instrument, channel: string, limit: number) {
  const g = CANDLE_CHANNELS[channel]!;
  return ex.market.candles.query(inst.symbol, g, Date.now(), limit).map((k) => {
    const q = (Math.round(k.q) / 100).toFixed(2);
    return [String(k.ts), price(inst, k.o), price(inst, k.h), price(inst, k.l), price(inst, k.c), lots(inst, k.v), q, q];
  });
}
