import { add, div, mul, parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
import type { Candle } from "./candles";

export interface ChartBox {
  width: number;
  height: number;
  /** Room kept free on the inline end for the price labels, and above and below the candles. */
  labelWidth: number;
  padding: number;
}

export interface CandleBar {
  ts: number;
  x: number;
  width: number;
  wickTop: number;
  wickBottom: number;
  bodyTop: number;
  bodyHeight: number;
  up: boolean;
}

export interface ChartLayout {
  bars: CandleBar[];
  /** Price labels down the side, highest first. */
  ticks: Array<{ y: number; price: string }>;
  /** Where a price sits, or which edge it is beyond. */
  place(price: string): { y: number; beyond?: "above" | "below" };
}

const TICKS = 4;

/**
 * Pixel positions of a candlestick chart. Prices become floating-point only here, to place
 * shapes on the screen; every number printed (the labels) stays an exact decimal.
 */
export function chartLayout(candles: readonly Candle[], box: ChartBox, digits: number): ChartLayout | undefined {
  if (candles.length === 0) return undefined;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let loText = "";
  let hiText = "";
  for (const c of candles) {
    if (Number(c.low) < lo) [lo, loText] = [Number(c.low), c.low];
    if (Number(c.high) > hi) [hi, hiText] = [Number(c.high), c.high];
  }
  const top = box.padding;
  const bottom = box.height - box.padding;
  const range = hi - lo || Math.abs(hi) * 0.01 || 1;
  const y = (p: number) => bottom - ((p - lo) / range) * (bottom - top);
  const plot = box.width - box.labelWidth;
  const slot = plot / candles.length;
  const bars = candles.map((c, i) => {
    const [o, cl, h, l] = [Number(c.open), Number(c.close), Number(c.high), Number(c.low)];
    const bodyTop = y(Math.max(o, cl));
    return {
      ts: c.ts,
      x: i * slot + slot * 0.15,
      width: Math.max(1, slot * 0.7),
      wickTop: y(h),
      wickBottom: y(l),
      bodyTop,
      bodyHeight: Math.max(1, y(Math.min(o, cl)) - bodyTop),
      up: cl >= o,
    };
  });
  const low = parseDecimal(loText) as Decimal;
  const high = parseDecimal(hiText) as Decimal;
  const step = div(add(high, { int: -low.int, scale: low.scale }), { int: BigInt(TICKS), scale: 0 }, digits) ?? { int: 0n, scale: digits };
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => {
    const price = add(low, mul(step, { int: BigInt(TICKS - i), scale: 0 }));
    return { y: y(Number(toText(price))), price: toText(price, digits) };
  });
  return {
    bars,
    ticks,
    place(price) {
      const p = Number(price);
      if (p > hi) return { y: top, beyond: "above" };
      if (p < lo) return { y: bottom, beyond: "below" };
      return { y: y(p) };
    },
  };
}
