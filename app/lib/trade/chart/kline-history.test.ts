import { describe, expect, it } from "vitest";
import type { Candle } from "~/lib/trade/candles";
import {
  changeBetween,
  HISTORY_PAGE,
  MAX_HISTORY,
  mergeLive,
  nearLeftEdge,
  OlderPages,
  olderPageEnd,
  PAGE_GAP_MS,
  PAGE_RETRY_MS,
  prependOlder,
} from "./kline-history";

const bar = (ts: number, close = "1"): Candle => ({ ts, open: "1", high: "2", low: "0.5", close, volume: "3" });
const bars = (from: number, n: number, step = 60_000) => Array.from({ length: n }, (_, i) => bar(from + i * step));

describe("live candles", () => {
  const shown = bars(0, 3); // 0, 60000, 120000

  it("a grown last candle is a tail change of that candle only", () => {
    const r = mergeLive(shown, [bar(120_000, "1.5")]);
    expect(r.change).toEqual({ kind: "tail", bars: [bar(120_000, "1.5")] });
    expect(r.candles.map((c) => c.close)).toEqual(["1", "1", "1.5"]);
  });

  it("a new candle is appended as a tail change; the same values again change nothing", () => {
    const r = mergeLive(shown, [bar(120_000), bar(180_000, "2")]);
    expect(r.change).toEqual({ kind: "tail", bars: [bar(180_000, "2")] });
    expect(r.candles).toHaveLength(4);
    expect(mergeLive(shown, [bar(60_000)]).change).toEqual({ kind: "none" });
    expect(mergeLive(shown, []).change).toEqual({ kind: "none" });
  });

  it("a changed older candle or one inside a gap asks for a full redraw, in time order", () => {
    expect(mergeLive(shown, [bar(0, "9")]).change).toEqual({ kind: "reset" });
    const gap = mergeLive([bar(0), bar(120_000)], [bar(60_000)]);
    expect(gap.change).toEqual({ kind: "reset" });
    expect(gap.candles.map((c) => c.ts)).toEqual([0, 60_000, 120_000]);
  });

  it("a stream snapshot after a reconnect keeps the older history already loaded", () => {
    const long = bars(0, 300);
    const snapshot = long.slice(-100).map((c, i) => (i === 99 ? bar(c.ts, "7") : c));
    const r = mergeLive(long, snapshot);
    expect(r.candles).toHaveLength(300);
    expect(r.change).toEqual({ kind: "tail", bars: [bar(long[299]!.ts, "7")] });
  });
});

describe("older pages", () => {
  it("asks for the page ending one millisecond before the oldest candle", () => {
    expect(olderPageEnd(bar(600_000))).toBe(599_999);
    expect(olderPageEnd(undefined)).toBeUndefined();
    expect(olderPageEnd(bar(0))).toBeUndefined();
  });

  it("puts only older candles in front, within the memory cap", () => {
    const shown = bars(600_000, 3);
    const r = prependOlder(shown, [...bars(420_000, 3), bar(600_000, "9")]);
    expect(r.added).toBe(3);
    expect(r.candles.map((c) => c.ts)).toEqual([420_000, 480_000, 540_000, 600_000, 660_000, 720_000]);
    expect(r.candles[3]!.close).toBe("1");
    const full = bars(10_000_000_000, MAX_HISTORY - 1);
    expect(prependOlder(full, bars(0, 5)).added).toBe(1);
  });

  it("pages one request at a time until the gateway has nothing older", async () => {
    const calls: Array<[number, number]> = [];
    let candles = bars(30 * 60_000, 5);
    let release: () => void = () => undefined;
    const pages = new OlderPages(async (end, limit) => {
      calls.push([end, limit]);
      await new Promise<void>((r) => (release = r));
      return bars(0, 30).filter((c) => c.ts <= end);
    });
    const put = (older: Candle[]) => (candles = prependOlder(candles, older).candles);
    const first = pages.load(candles, put);
    expect(await pages.load(candles, put)).toBe("busy");
    release();
    expect(await first).toBe("loaded");
    expect(calls).toEqual([[30 * 60_000 - 1, HISTORY_PAGE]]);
    expect(candles).toHaveLength(35);
    expect(candles[0]!.ts).toBe(0);
    // The next page (ending before ts 0) has nothing: the history is exhausted and not asked again.
    const second = pages.load(candles, put);
    expect(await second).toBe("exhausted");
    expect(await pages.load(candles, () => undefined)).toBe("exhausted");
    expect(calls).toHaveLength(1);
  });

  it("paces its pages and waits longer after a refused one", async () => {
    let now = 1_000_000;
    let fail = true;
    let candles = bars(1_000 * 60_000, 5);
    const pages = new OlderPages(
      async (end) => {
        if (fail) throw new Error("429");
        return bars(end - 9 * 60_000 - 59_999, 10);
      },
      () => now,
    );
    const put = (older: Candle[]) => (candles = prependOlder(candles, older).candles);
    expect(await pages.load(candles, put)).toBe("failed");
    now += PAGE_RETRY_MS - 1;
    expect(await pages.load(candles, put)).toBe("busy");
    now += 1;
    fail = false;
    expect(await pages.load(candles, put)).toBe("loaded");
    expect(await pages.load(candles, put)).toBe("busy");
    now += PAGE_GAP_MS;
    expect(await pages.load(candles, put)).toBe("loaded");
    expect(candles).toHaveLength(25);
  });

  it("a failed page can be asked again (after the retry pause)", async () => {
    let fail = true;
    let now = 0;
    const pages = new OlderPages(
      async (end) => {
        if (fail) throw new Error("offline");
        return [bar(end - 59_999)];
      },
      () => now,
    );
    const shown = bars(600_000, 2);
    expect(await pages.load(shown, () => undefined)).toBe("failed");
    fail = false;
    now += PAGE_RETRY_MS;
    let got: Candle[] = [];
    expect(await pages.load(shown, (older) => (got = older))).toBe("loaded");
    expect(got.map((c) => c.ts)).toEqual([540_000]);
  });

  it("asks for more only near the left edge", () => {
    expect(nearLeftEdge(5)).toBe(true);
    expect(nearLeftEdge(-3)).toBe(true);
    expect(nearLeftEdge(50)).toBe(false);
    expect(nearLeftEdge(null)).toBe(false);
  });
});

describe("what the chart is handed", () => {
  const shown = bars(0, 3);

  it("only the bars that changed after a live push", () => {
    const grown = mergeLive(shown, [bar(120_000, "5")]).candles;
    expect(changeBetween(shown, grown)).toEqual({ kind: "tail", bars: [bar(120_000, "5")] });
    const twoPushes = mergeLive(grown, [bar(180_000), bar(240_000)]).candles;
    // Two pushes folded into one render still reach the chart: the grown bar and both new ones.
    expect(changeBetween(shown, twoPushes)).toEqual({ kind: "tail", bars: [bar(120_000, "5"), bar(180_000), bar(240_000)] });
    expect(changeBetween(shown, shown)).toEqual({ kind: "none" });
    expect(changeBetween(shown, shown.slice())).toEqual({ kind: "none" });
  });

  it("an older page in front, so the view can stay where it was", () => {
    const withOlder = prependOlder(shown, bars(-180_000, 3)).candles;
    expect(changeBetween(shown, withOlder)).toEqual({ kind: "older", added: 3 });
    // A live bar that lands in the same frame as the page does not turn it into a redraw from the end.
    const both = mergeLive(withOlder, [bar(120_000, "4"), bar(180_000)]).candles;
    expect(changeBetween(shown, both)).toEqual({ kind: "older", added: 3 });
  });

  it("a redraw for anything else: another interval, a repaired older bar, nothing drawn yet", () => {
    expect(changeBetween(shown, bars(0, 3, 300_000))).toEqual({ kind: "reset" });
    expect(changeBetween(shown, mergeLive(shown, [bar(0, "9")]).candles)).toEqual({ kind: "reset" });
    expect(changeBetween([], shown)).toEqual({ kind: "reset" });
  });
});
