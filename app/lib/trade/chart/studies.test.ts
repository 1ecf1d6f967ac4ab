import { describe, expect, it } from "vitest";
import { ema, macd, sma } from "./indicators";
import { studyOutput } from "./studies";

const closes = Array.from({ length: 120 }, (_, i) => 100 + Math.sin(i / 5) * 10 + i / 10);

describe("what each study draws", () => {
  it("MA and EMA draw 7, 25 and 99", () => {
    const ma = studyOutput("ma", closes);
    expect(ma.params).toEqual(["7", "25", "99"]);
    expect(ma.lines).toEqual([sma(closes, 7), sma(closes, 25), sma(closes, 99)]);
    expect(studyOutput("ema", closes).lines[2]).toEqual(ema(closes, 99));
  });

  it("BOLL draws its middle, upper and lower band; RSI one line; MACD two lines and a histogram", () => {
    const b = studyOutput("boll", closes);
    expect(b.params).toEqual(["20, 2"]);
    expect(b.lines).toHaveLength(3);
    expect(b.lines[1]![119]! > b.lines[0]![119]! && b.lines[0]![119]! > b.lines[2]![119]!).toBe(true);
    expect(studyOutput("rsi", closes).lines).toHaveLength(1);
    const m = studyOutput("macd", closes);
    expect(m.params).toEqual(["12, 26, 9"]);
    expect(m.lines).toEqual([macd(closes).macd, macd(closes).signal]);
    expect(m.histogram).toEqual(macd(closes).histogram);
  });
});
