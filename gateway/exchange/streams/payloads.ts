/** Bitget v2 stream payloads built from the exchange's state. */
import { crc32 } from "node:zlib";
import { PLATFORM_COIN } from "../../../protocol/fee-deduction.ts";
import { fillFeeDetail, lots, price, units } from "../format.ts";
import type { Env, Fill, Order } from "../engine/types.ts";
import { userSides } from "../engine/types.ts";
import { instrument, notional, type Instrument } from "../instruments.ts";
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

/** One fill of one order as the spot streams show it (the `fill` channel, and an `orders` push that follows a fill). */
export interface SpotFillView {
  tradeId: string;
  orderId: string;
  symbol: string;
  orderType: string;
  side: string;
  /** Ticks and lots of the fill, its quote amount and fee (ledger units), as the ledger wrote them. */
  price: number;
  size: number;
  amount: bigint;
  fee: bigint;
  feeCoin: string;
  /** Paid in the platform coin (docs/decisions/353). */
  deduct: boolean;
  scope: "maker" | "taker";
  ts: number;
  /** The order's source (Bitget `enterPointSource`): `COPY` for a copy trading order's fill (docs/decisions/362). */
  source: string;
}

/** The views of a change's fills for one user's orders (house orders have none), in order. */
export function spotFillViews(fills: readonly Fill[], userId: string, env: Env): SpotFillView[] {
  const out: SpotFillView[] = [];
  for (const f of fills) {
    if (f.env !== env) continue;
    const inst = instrument(f.symbol);
    if (!inst) continue;
    for (const { order: o, scope, fee, deduct } of userSides(f)) {
      if (o.userId !== userId) continue;
      out.push({
        tradeId: f.tradeId,
        orderId: o.id,
        symbol: f.symbol,
        orderType: o.type,
        side: o.side,
        price: f.price,
        size: f.size,
        amount: f.quote,
        fee,
        feeCoin: deduct ? PLATFORM_COIN : o.side === "buy" ? inst.baseCoin : inst.quoteCoin,
        deduct,
        scope,
        ts: f.ts,
        source: o.source,
      });
    }
  }
  return out;
}

/** A stored spot fill row (ex_fills, with its order's `source` as `store.fills` reads it) as a view. */
export function spotFillRowView(r: Record<string, unknown>): SpotFillView {
  return {
    tradeId: r.trade_id as string,
    orderId: r.order_id as string,
    symbol: r.symbol as string,
    orderType: r.order_type as string,
    side: r.side as string,
    price: Number(r.price),
    size: Number(r.size),
    amount: r.amount as bigint,
    fee: r.fee as bigint,
    feeCoin: r.fee_coin as string,
    deduct: Number(r.deduct ?? 0) === 1,
    scope: r.scope as "maker" | "taker",
    ts: Number(r.ts),
    source: (r.source as string | null | undefined) || "API",
  };
}

/** Bitget's spot `fill` channel item. */
export function spotFillJson(f: SpotFillView) {
  const inst = instrument(f.symbol) as Instrument;
  return {
    orderId: f.orderId,
    tradeId: f.tradeId,
    symbol: f.symbol,
    orderType: f.orderType,
    side: f.side,
    priceAvg: price(inst, f.price),
    size: lots(inst, f.size),
    amount: units(f.amount),
    tradeScope: f.scope,
    feeDetail: [fillFeeDetail(f.feeCoin, f.fee, f.deduct)],
    cTime: String(f.ts),
    uTime: String(f.ts),
    enterPointSource: f.source,
  };
}

/**
 * Bitget's spot `orders` channel item (not the REST row): `size` is the quote amount of a buy and
 * the base size of a sell, `newSize` the order's quantity (the quote budget of a market buy),
 * `notional` a buy's quote value, `accBaseVolume` what filled so far and `priceAvg` its average
 * price; a push that follows a fill adds that fill (`fillPrice`, `tradeId`, `baseVolume`,
 * `fillTime`, `fillFee`, `fillFeeCoin`, `tradeScope`). A market order has no `price`.
 */
export function spotOrderStreamJson(o: Order, fill?: SpotFillView) {
  const inst = instrument(o.symbol) as Instrument;
  const limit = o.type === "limit";
  const marketBuy = o.type === "market" && o.side === "buy";
  const quoteValue = marketBuy ? units(o.quoteSize) : limit ? units(notional(inst, o.price, o.size)) : undefined;
  const fee = "-" + units(o.fee);
  const feeCoin = o.side === "buy" ? inst.baseCoin : inst.quoteCoin;
  return {
    instId: o.symbol,
    orderId: o.id,
    clientOid: o.clientOid,
    ...(limit ? { price: price(inst, o.price) } : {}),
    size: o.side === "buy" ? (quoteValue ?? "0") : lots(inst, o.size),
    newSize: marketBuy ? units(o.quoteSize) : lots(inst, o.size),
    ...(o.side === "buy" && quoteValue !== undefined ? { notional: quoteValue } : {}),
    orderType: o.type,
    force: o.force,
    side: o.side,
    ...(fill
      ? {
          fillPrice: price(inst, fill.price),
          tradeId: fill.tradeId,
          baseVolume: lots(inst, fill.size),
          fillTime: String(fill.ts),
          fillFee: "-" + units(fill.fee),
          fillFeeCoin: fill.feeCoin,
          tradeScope: fill.scope === "maker" ? "M" : "T",
        }
      : {}),
    accBaseVolume: lots(inst, o.filled),
    priceAvg: avgFillPrice(inst, o),
    status: o.status,
    cTime: String(o.cTime),
    uTime: String(o.uTime),
    stpMode: o.stp,
    feeDetail: [
      ...(o.fee > 0n ? [{ feeCoin, fee }] : []),
      ...(o.deductFee > 0n ? [{ feeCoin: PLATFORM_COIN, fee: "-" + units(o.deductFee) }] : []),
    ],
    enterPointSource: o.source,
  };
}

function avgFillPrice(inst: Instrument, o: Order): string {
  if (o.filled === 0) return "0";
  return price(inst, Number(o.filledQuote / (BigInt(o.filled) * inst.quoteUnitsPerTickLot)));
}
