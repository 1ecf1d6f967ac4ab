import { describe, expect, it } from "vitest";
import type { AreaStore } from "~/lib/prefs/local-store";
import {
  fibLevels,
  loadDrawings,
  logicalOf,
  newDrawingId,
  parseDrawings,
  saveDrawings,
  segmentDistance,
  timeOf,
  type Drawing,
} from "./drawings";

function memoryArea(): AreaStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) };
}

const trend: Drawing = {
  id: "a1",
  kind: "trend",
  points: [
    { ts: 1000, price: 100 },
    { ts: 5000, price: 120 },
  ],
};
const hline: Drawing = { id: "b2", kind: "hline", points: [{ ts: 2000, price: 110.5 }] };

describe("chart drawings", () => {
  it("are kept per product line and pair, and read back as they were saved", () => {
    const area = memoryArea();
    saveDrawings("SPOT", "BTCUSDT", [trend, hline], area);
    expect([...area.data.keys()]).toEqual(["klineDrawings:SPOT:BTCUSDT"]);
    expect(loadDrawings("SPOT", "BTCUSDT", area)).toEqual([trend, hline]);
    expect(loadDrawings("USDT-FUTURES", "BTCUSDT", area)).toEqual([]);
    expect(loadDrawings("SPOT", "ETHUSDT", area)).toEqual([]);
    saveDrawings("SPOT", "BTCUSDT", [], area);
    expect(area.data.size).toBe(0);
  });

  it("drop malformed entries from storage, never the whole list", () => {
    const good = { id: "t1", kind: "text", points: [{ ts: 1, price: 2 }], text: "breakout" };
    const raw = JSON.stringify([
      good,
      { id: "t1", kind: "hline", points: [{ ts: 1, price: 2 }] }, // duplicate id
      { id: "x", kind: "circle", points: [{ ts: 1, price: 2 }] }, // unknown kind
      { id: "y", kind: "trend", points: [{ ts: 1, price: 2 }] }, // one point short
      { id: "z", kind: "hline", points: [{ ts: 1, price: -2 }] }, // not a price
      { id: "w", kind: "text", points: [{ ts: 1, price: 2 }], text: "  " }, // empty note
      { id: "<script>", kind: "hline", points: [{ ts: 1, price: 2 }] },
      { id: "v", kind: "hline", points: [{ ts: 1, price: 2 }], text: "dropped" },
    ]);
    expect(parseDrawings(raw)).toEqual([good, { id: "v", kind: "hline", points: [{ ts: 1, price: 2 }] }]);
    expect(parseDrawings("{")).toEqual([]);
    expect(parseDrawings('{"a":1}')).toEqual([]);
    expect(parseDrawings(JSON.stringify(Array.from({ length: 150 }, (_, i) => ({ ...hline, id: `h${i}` }))))).toHaveLength(100);
  });

  it("Fibonacci levels run from the second point (0) back to the first (1)", () => {
    const levels = fibLevels({
      points: [
        { ts: 0, price: 100 },
        { ts: 1, price: 200 },
      ],
    });
    expect(levels.map((l) => [l.level, Math.round(l.price * 100) / 100])).toEqual([
      [0, 200],
      [0.236, 176.4],
      [0.382, 161.8],
      [0.5, 150],
      [0.618, 138.2],
      [0.786, 121.4],
      [1, 100],
    ]);
  });

  it("times map to bar positions and back, between bars and beyond either end", () => {
    const times = [0, 60, 120, 180];
    expect(logicalOf(times, 120)).toBe(2);
    expect(logicalOf(times, 90)).toBe(1.5);
    expect(logicalOf(times, 300)).toBe(5);
    expect(logicalOf(times, -60)).toBe(-1);
    expect(logicalOf([], 1)).toBeNull();
    expect(timeOf(times, 1.5)).toBe(90);
    expect(timeOf(times, 5)).toBe(300);
    expect(timeOf(times, -1)).toBe(-60);
    // A drawing placed on 1m candles lands inside the 5m candle that holds its time.
    expect(logicalOf([0, 300, 600], 360)).toBeCloseTo(1.2);
  });

  it("measure a click's distance to a segment, clamped at its ends", () => {
    expect(segmentDistance(5, 3, 0, 0, 10, 0)).toBe(3);
    expect(segmentDistance(13, 4, 0, 0, 10, 0)).toBe(5);
    expect(segmentDistance(1, 1, 2, 2, 2, 2)).toBeCloseTo(Math.SQRT2);
  });

  it("new ids are unique enough and storable", () => {
    const a = newDrawingId(1, () => 0.5);
    expect(a).toMatch(/^[\w-]{1,40}$/);
    expect(newDrawingId(1, () => 0.25)).not.toBe(a);
  });
});
