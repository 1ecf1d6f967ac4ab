import { describe, expect, it } from "vitest";
import { judgeSlide, parseSlideResult, type SlideResult } from "./judge.ts";

/** A human-like drag: eases in and out, wobbles a little vertically. */
function humanTrail(to: number, ms = 900): SlideResult["trail"] {
  const trail: SlideResult["trail"] = [];
  for (let i = 0; i <= 30; i++) {
    const p = i / 30;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    trail.push([Math.round(p * ms), Math.round(eased * to * 10) / 10, Math.round(Math.sin(i) * 2)]);
  }
  return trail;
}

/** Plenty of server time since the challenge was handed out. */
const LATER = 60_000;

describe("judgeSlide", () => {
  it("accepts a human drag that ends on the hole, within the tolerance", () => {
    expect(judgeSlide(150, { x: 150, trail: humanTrail(150), input: "pointer" }, LATER)).toEqual({ ok: true });
    expect(judgeSlide(150, { x: 154, trail: humanTrail(154), input: "pointer" }, LATER)).toEqual({ ok: true });
  });

  it("refuses a drag that misses the hole", () => {
    expect(judgeSlide(150, { x: 160, trail: humanTrail(160), input: "pointer" }, LATER)).toEqual({ ok: false, reason: "position" });
  });

  it("refuses a constant-speed straight line, a jump and a too-fast drag", () => {
    const robot: SlideResult["trail"] = Array.from({ length: 20 }, (_, i) => [i * 50, (150 * i) / 19, i % 2]);
    expect(judgeSlide(150, { x: 150, trail: robot, input: "pointer" }, LATER)).toEqual({ ok: false, reason: "trail" });
    expect(
      judgeSlide(
        150,
        {
          x: 150,
          trail: [
            [0, 0, 0],
            [400, 150, 0],
          ],
          input: "pointer",
        },
        LATER,
      ).ok,
    ).toBe(false);
    expect(judgeSlide(150, { x: 150, trail: humanTrail(150, 250), input: "pointer" }, LATER)).toEqual({ ok: false, reason: "timing" });
  });

  it("refuses a drag on one perfectly level line, and one that gets most of the way in a single sample", () => {
    const level = humanTrail(150).map(([t, x]): [number, number, number] => [t, x, 300]);
    expect(judgeSlide(150, { x: 150, trail: level, input: "pointer" }, LATER)).toEqual({ ok: false, reason: "trail" });
    const jump: SlideResult["trail"] = [
      [0, 0, 0],
      [100, 2, 1],
      [200, 5, 0],
      [300, 8, 1],
      [400, 140, 0],
      [500, 146, 1],
      [700, 150, 0],
    ];
    expect(judgeSlide(150, { x: 150, trail: jump, input: "pointer" }, LATER)).toEqual({ ok: false, reason: "trail" });
  });

  it("refuses a trail longer than the time the server has seen pass since it handed the challenge out", () => {
    expect(judgeSlide(150, { x: 150, trail: humanTrail(150, 900), input: "pointer" }, 899)).toEqual({ ok: false, reason: "timing" });
    expect(judgeSlide(150, { x: 150, trail: humanTrail(150, 900), input: "pointer" }, 900)).toEqual({ ok: true });
  });

  it("refuses a trail that goes back in time, does not start at 0 or ends elsewhere than claimed", () => {
    const t = humanTrail(150);
    t[5] = [t[5]![0] - 500, t[5]![1], 0];
    expect(judgeSlide(150, { x: 150, trail: t, input: "pointer" }, LATER).ok).toBe(false);
    expect(judgeSlide(150, { x: 150, trail: humanTrail(120), input: "pointer" }, LATER).ok).toBe(false);
    const late = humanTrail(150).map(([ms, x, y]): [number, number, number] => [ms + 1000, x, y]);
    expect(judgeSlide(150, { x: 150, trail: late, input: "pointer" }, LATER)).toEqual({ ok: false, reason: "trail" });
  });

  it("accepts keyboard steps at a human pace and refuses a burst, big steps and a wobbling keyboard", () => {
    // The start point and the first step share a time, as a first key press records both.
    const steps = (gap: number, size = 10): SlideResult["trail"] => [
      [0, 0, 0],
      ...Array.from({ length: 150 / size }, (_, i): [number, number, number] => [i * gap, (i + 1) * size, 0]),
    ];
    expect(judgeSlide(150, { x: 150, trail: steps(80), input: "keyboard" }, LATER)).toEqual({ ok: true });
    expect(judgeSlide(150, { x: 150, trail: steps(80).slice(1), input: "keyboard" }, LATER).ok).toBe(false);
    expect(judgeSlide(150, { x: 150, trail: steps(5), input: "keyboard" }, LATER).ok).toBe(false);
    expect(judgeSlide(150, { x: 150, trail: steps(200, 50), input: "keyboard" }, LATER)).toEqual({ ok: false, reason: "trail" });
    const wobbly = steps(80).map(([t, x], i): [number, number, number] => [t, x, i % 2]);
    expect(judgeSlide(150, { x: 150, trail: wobbly, input: "keyboard" }, LATER)).toEqual({ ok: false, reason: "trail" });
    // Home goes back to 0 in one step.
    const home: SlideResult["trail"] = [...steps(80), [1300, 0, 0], [1400, 10, 0]];
    expect(judgeSlide(10, { x: 10, trail: home, input: "keyboard" }, LATER)).toEqual({ ok: true });
  });
});

describe("parseSlideResult", () => {
  it("takes only the documented shape", () => {
    expect(parseSlideResult({ x: 1, trail: [[0, 0, 0]], input: "pointer" })).toEqual({ x: 1, trail: [[0, 0, 0]], input: "pointer" });
    expect(parseSlideResult({ x: 1, trail: [], input: "pointer", pow: "1z", extra: 1 })).toEqual({
      x: 1,
      trail: [],
      input: "pointer",
      pow: "1z",
    });
    for (const bad of [
      null,
      "x",
      { x: "1", trail: [], input: "pointer" },
      { x: 1, trail: [[0, 0]], input: "pointer" },
      { x: 1, trail: [], input: "mouse" },
      { x: Infinity, trail: [], input: "pointer" },
      { x: 1, trail: [[0, NaN, 0]], input: "keyboard" },
      { x: 1, trail: [], input: "pointer", pow: 12 },
      { x: 1, trail: [], input: "pointer", pow: "" },
      { x: 1, trail: [], input: "pointer", pow: "A1" },
      { x: 1, trail: [], input: "pointer", pow: "1".repeat(17) },
    ]) {
      expect(parseSlideResult(bad)).toBeUndefined();
    }
  });
});
