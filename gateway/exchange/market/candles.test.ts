import { describe, expect, it } from "vitest";
import { INSTRUMENTS } from "../instruments.ts";
import { bucketStart, CandleStore } from "./candles.ts";
import { buildHistory, DAY, HOUR, MINUTE } from "./history.ts";

const GENESIS = Date.UTC(2026, 10, 22, 14, 7, 31);

describe("candle buckets", () => {
  it("aligns Bitget granularities (UTC+8 for 6h and up, Monday weeks, calendar months)", () => {
    const t = Date.UTC(2026, 10, 19, 23, 30); // Thursday 23:30 UTC = Friday 07:30 UTC+8
    expect(bucketStart("1min", t + 12_345)).toBe(t);
    expect(bucketStart("1h", t)).toBe(Date.UTC(2026, 10, 19, 23));
    expect(bucketStart("1Dutc", t)).toBe(Date.UTC(2026, 10, 19));
    expect(bucketStart("1day", t)).toBe(Date.UTC(2026, 10, 19, 16)); // Friday 00:00 UTC+8
    expect(new Date(bucketStart("1Wutc", t)).getUTCDay()).toBe(1);
    expect(bucketStart("1Wutc", t)).toBe(Date.UTC(2026, 10, 16));
    expect(bucketStart("1week", t)).toBe(Date.UTC(2026, 10, 15, 16));
    expect(bucketStart("1Mutc", t)).toBe(Date.UTC(2026, 10, 1));
    expect(bucketStart("1M", Date.UTC(2026, 10, 30, 20))).toBe(Date.UTC(2026, 10, 30, 16)); // Dec 1st UTC+8
  });
});

describe("back-filled history", () => {
  it("is a pure function of the seed and ends at the reference prices", () => {
    const a = buildHistory(42, GENESIS);
    const b = buildHistory(42, GENESIS);
    const c = buildHistory(43, GENESIS);
    expect(Array.from(a.minutes[0]!.c.subarray(0, 1000))).toEqual(Array.from(b.minutes[0]!.c.subarray(0, 1000)));
    expect(Array.from(a.minutes[0]!.c.subarray(0, 1000))).not.toEqual(Array.from(c.minutes[0]!.c.subarray(0, 1000)));
    INSTRUMENTS.forEach((inst, i) => {
      const m = a.minutes[i]!;
      expect(m.c[m.length - 1]).toBe(Math.round(inst.refPrice * 10 ** inst.pricePrecision));
      expect(m.length * MINUTE).toBeGreaterThanOrEqual(30 * DAY);
      expect(a.hours[i]!.length * HOUR).toBeGreaterThanOrEqual(365 * DAY);
    });
  });

  it("has consistent OHLC, continuous opens, and hours that join the minutes", () => {
    const h = buildHistory(7, GENESIS);
    for (const s of [h.minutes[1]!, h.hours[1]!]) {
      for (let k = 0; k < s.length; k++) {
        expect(s.h[k]!).toBeGreaterThanOrEqual(Math.max(s.o[k]!, s.c[k]!));
        expect(s.l[k]!).toBeLessThanOrEqual(Math.min(s.o[k]!, s.c[k]!));
        expect(s.l[k]!).toBeGreaterThan(0);
        expect(Number.isInteger(s.o[k]!) && Number.isInteger(s.v[k]!)).toBe(true);
      }
    }
    const m = h.minutes[1]!;
    for (let k = 1; k < m.length; k++) expect(Math.abs(m.o[k]! - m.c[k - 1]!)).toBeLessThanOrEqual(1);
    expect(h.hours[1]!.ts(h.hours[1]!.length)).toBe(m.start);
  });

  it("aggregates any granularity from the same data and takes live trades", () => {
    const store = new CandleStore(5, GENESIS);
    const minutes = store.query("ETHUSDT", "1min", GENESIS - MINUTE, 60);
    const hour = store.query("ETHUSDT", "1h", GENESIS - HOUR, 1)[0]!;
    const inHour = store.query("ETHUSDT", "1min", hour.ts + HOUR - 1, 60);
    expect(inHour[0]!.ts).toBe(hour.ts);
    expect(hour.h).toBe(Math.max(...inHour.map((x) => x.h)));
    expect(hour.l).toBe(Math.min(...inHour.map((x) => x.l)));
    expect(hour.v).toBe(inHour.reduce((s, x) => s + x.v, 0));
    expect(minutes).toHaveLength(60);
    const daily = store.query("ETHUSDT", "1Dutc", GENESIS, 1000);
    expect(daily.length).toBeGreaterThanOrEqual(365);
    // a live trade two minutes after genesis opens a new candle; the gap is flat
    const t = GENESIS + 2 * MINUTE;
    store.trade("ETHUSDT", t, 333_333, 10, 3333);
    const last = store.query("ETHUSDT", "1min", t, 3);
    expect(last[2]).toMatchObject({ o: 333_333, c: 333_333, v: 10 });
    expect(last[1]!.v).toBe(0);
    // a minute that has not traded yet does not shorten the window: `limit` candles still come back
    const later = store.query("ETHUSDT", "1min", t + 5 * MINUTE, 100);
    expect(later).toHaveLength(100);
    expect(later[99]!.ts).toBe(Math.floor(t / MINUTE) * MINUTE);
  });
});
