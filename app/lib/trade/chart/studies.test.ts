import { describe, expect, it } from "vitest";
import { atr, ema, kdj, macd, obv, parabolicSar, sma, smaOf, stochRsi, vwap, type Bar } from "./indicators";
import { cleanStudyParams, loadStudyParams, paramsOf, saveStudyParams, studyOutput } from "./studies";
import type { AreaStore } from "~/lib/prefs/local-store";

const closes = Array.from({ length: 120 }, (_, i) => 100 + Math.sin(i / 5) * 10 + i / 10);
const bars: Bar[] = closes.map((close, i) => ({ ts: i * 60_000, high: close + 1, low: close - 1, close, volume: 1 + (i % 7) }));

function memoryArea(): AreaStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) };
}

describe("what each study draws", () => {
  it("MA and EMA draw 7, 25 and 99", () => {
    const ma = studyOutput("ma", bars);
    expect(ma.params).toEqual(["7", "25", "99"]);
    expect(ma.lines).toEqual([sma(closes, 7), sma(closes, 25), sma(closes, 99)]);
    expect(studyOutput("ema", bars).lines[2]).toEqual(ema(closes, 99));
  });

  it("BOLL draws its middle, upper and lower band; RSI one line; MACD two lines and a histogram", () => {
    const b = studyOutput("boll", bars);
    expect(b.params).toEqual(["20, 2"]);
    expect(b.lines).toHaveLength(3);
    expect(b.lines[1]![119]! > b.lines[0]![119]! && b.lines[0]![119]! > b.lines[2]![119]!).toBe(true);
    expect(studyOutput("rsi", bars).lines).toHaveLength(1);
    const m = studyOutput("macd", bars);
    expect(m.params).toEqual(["12, 26, 9"]);
    expect(m.lines).toEqual([macd(closes).macd, macd(closes).signal]);
    expect(m.histogram).toEqual(macd(closes).histogram);
  });

  it("the new studies draw their lines with their default settings", () => {
    expect(studyOutput("vwap", bars)).toEqual({ params: ["1"], lines: [vwap(bars).vwap, vwap(bars).upper, vwap(bars).lower] });
    expect(studyOutput("sar", bars)).toEqual({ params: ["0.02, 0.02, 0.2"], lines: [parabolicSar(bars)] });
    expect(studyOutput("stochrsi", bars)).toEqual({ params: ["14, 14, 3, 3"], lines: [stochRsi(closes).k, stochRsi(closes).d] });
    const k = kdj(bars);
    expect(studyOutput("kdj", bars)).toEqual({ params: ["9, 3, 3"], lines: [k.k, k.d, k.j] });
    expect(studyOutput("atr", bars)).toEqual({ params: ["14"], lines: [atr(bars, 14)] });
    expect(studyOutput("obv", bars)).toEqual({ params: ["20"], lines: [obv(bars), smaOf(obv(bars), 20)] });
  });

  it("the trader's settings change what is drawn; 0 bands or no OBV average draw one line", () => {
    const p = { ma: { n1: 5 }, atr: { n: 3 }, vwap: { bands: 0 }, obv: { ma: 0 }, boll: { mult: 2.5 } };
    expect(studyOutput("ma", bars, p).params).toEqual(["5", "25", "99"]);
    expect(studyOutput("ma", bars, p).lines[0]).toEqual(sma(closes, 5));
    expect(studyOutput("atr", bars, p).lines[0]).toEqual(atr(bars, 3));
    expect(studyOutput("vwap", bars, p).lines).toHaveLength(1);
    expect(studyOutput("obv", bars, p).lines).toEqual([obv(bars)]);
    expect(studyOutput("boll", bars, p).params).toEqual(["20, 2.5"]);
  });
});

describe("study settings", () => {
  it("out-of-range, off-step or unknown values fall back to the defaults", () => {
    expect(paramsOf("rsi", { rsi: { n: 1 } })).toEqual({ n: 14 });
    expect(paramsOf("rsi", { rsi: { n: 7.5 } })).toEqual({ n: 14 });
    expect(paramsOf("rsi", { rsi: { n: 21 } })).toEqual({ n: 21 });
    expect(paramsOf("sar", { sar: { start: 0.03 } })).toEqual({ start: 0.03, step: 0.02, max: 0.2 });
    expect(cleanStudyParams({ rsi: { n: 21, x: 3 }, foo: { n: 2 }, atr: { n: "5" }, kdj: { n: 9 } })).toEqual({ rsi: { n: 21 } });
    expect(cleanStudyParams([1])).toEqual({});
    expect(cleanStudyParams({ ma: { n1: Infinity } })).toEqual({});
  });

  it("are kept as JSON in the common area; corrupt storage reads as the defaults", () => {
    const area = memoryArea();
    saveStudyParams({ atr: { n: 21 }, rsi: { n: 14 } }, area);
    expect(area.data.get("klineStudyParams")).toBe('{"atr":{"n":21}}');
    expect(loadStudyParams(area)).toEqual({ atr: { n: 21 } });
    saveStudyParams({}, area);
    expect(area.data.has("klineStudyParams")).toBe(false);
    area.set("klineStudyParams", "{not json");
    expect(loadStudyParams(area)).toEqual({});
  });
});
