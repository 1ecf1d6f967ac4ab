/**
 * The rules the house's market makers and takers follow on every book, spot or futures
 * (docs/decisions/302): how much a quote level is worth, how many takers arrive, which side they
 * take, and the orders they send. Each caller keeps its own prices; these only size and shape.
 */
import type { OrderInit } from "../engine/order.ts";
import type { Side } from "../../../protocol/bitget.ts";
import type { Env } from "../engine/types.ts";
import type { Instrument } from "../instruments.ts";
import type { Rng } from "./random.ts";

/** Price levels the market makers quote on each side of every book. */
export const QUOTE_LEVELS = 10;

/** USDT of quote level `k` (0 at the touch): deeper levels are larger, each a random half to one and a half times. */
export const levelUsdt = (rng: Rng, touchUsdt: number, k: number): number => touchUsdt * (1 + 0.6 * k) * (0.5 + rng.next());

/** Lots worth about `usdt` at a price of `priceUsdt`, never below the pair's minimum. */
export const lotsWorth = (inst: Instrument, usdt: number, priceUsdt: number): number =>
  Math.max(inst.minLots, Math.round((usdt / priceUsdt) * 10 ** inst.quantityPrecision));

/** Takers arriving this second: at least one on the live market; the simulation books are quieter. */
export const takerArrivals = (rng: Rng, env: Env): number => (env === "live" ? 1 + rng.poisson(0.8) : rng.poisson(0.5));

/** A taker's side, leaning toward closing the gap between the book's mid and fair value (both in one unit). */
export function takerSide(rng: Rng, fair: number, mid: number): Side {
  const pBuy = Math.max(0.1, Math.min(0.9, 0.5 + ((fair - mid) / fair) * 2000));
  return rng.next() < pBuy ? "buy" : "sell";
}

/** A house quote: a resting limit order outside the ledger. */
export const houseQuote = (env: Env, userId: string, symbol: string, side: Side, price: number, size: number): OrderInit => ({
  env,
  userId,
  symbol,
  side,
  type: "limit",
  price,
  size,
  house: true,
  source: "SYS",
});

/** A house taker: an immediate-or-cancel limit order outside the ledger. */
export const houseTaker = (env: Env, userId: string, symbol: string, side: Side, limit: number, size: number): OrderInit => ({
  ...houseQuote(env, userId, symbol, side, limit, size),
  force: "ioc",
});
