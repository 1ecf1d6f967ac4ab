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

describe("judgeSlide", () => {
  it("accepts a human drag that ends on the hole, within the tolerance", () => {
    expect(judgeSlide(150, { x: 150, trail: humanTrail(150), input: "pointer" })).toEqual({ ok: true });
    expect(judgeSlide(150, { x: 154, trail: humanTrail(154), input: "pointer" })).toEqual({ ok: true });
  });

  it("refuses a drag that misses the hole", () => {
    expect(judgeSlide(150, { x: 160, trail: humanTrail(160), input: "pointer" })).toEqual({ ok: false, reason: "position" });
  });

  it("refuses a constant-speed straight line, a jump and a too-fast drag", () => {
    const robot: SlideResult["trail"] = Array.from({ length: 20 }, (_, i) => [i * 50, (150 * i) / 19, 0]);
    expect(judgeSlide(150, { x: 150, trail: robot, input: "pointer" })).toEqual({ ok: false, reason: "trail" });
    expect(judgeSlide(150, { x: 150, trail: [[0, 0, 0], [400, 150, 0]], input: "pointer" }).ok).toBe(false);
    expect(judgeSlide(150, { x: 150, trail: humanTrail(150, 100), input: "pointer" })).toEqual({ ok: false, reason: "timing" });
  });

  it("refuses a trail that goes back in time or ends elsewhere than claimed", () => {
    const t = humanTrail(150);
    t[5] = [t[5]![0] - 500, t[5]![1], 0];
    expect(judgeSlide(150, { x: 150, trail: t, input: "pointer" }).ok).toBe(false);
    expect(judgeSlide(150, { x: 150, trail: humanTrail(120), input: "pointer" }).ok).toBe(false);
  });

  it("accepts keyboard steps at a human pace and refuses a burst", () => {
    // The start point and the first step share a time, as a first key press records both.
    const steps = (gap: number): SlideResult["trail"] => [[0, 0, 0], ...Array.from({ length: 15 }, (_, i): [number, number, number] => [i * gap, (i + 1) * 10, 0])];
    expect(judgeSlide(150, { x: 150, trail: steps(80), input: "keyboard" })).toEqual({ ok: true });
    expect(judgeSlide(150, { x: 150, trail: steps(80).slice(1), input: "keyboard" }).ok).toBe(false);
    expect(judgeSlide(150, { x: 150, trail: steps(5), input: "keyboard" }).ok).toBe(false);
  });
});

describe("parseSlideResult", () => {
  it("takes only the documented shape", () => {
    expect(parseSlideResult({ x: 1, trail: [[0, 0, 0]], input: "pointer" })).toEqual({ x: 1, trail: [[0, 0, 0]], input: "pointer" });
    for (const bad of [null, "x", { x: "1", trail: [], input: "pointer" }, { x: 1, trail: [[0, 0]], input: "pointer" },
      { x: 1, trail: [], input: "mouse" }, { x: Infinity, trail: [], input: "pointer" }, { x: 1, trail: [[0, NaN, 0]], input: "keyboard" }]) {
      expect(parseSlideResult(bad)).toBeUndefined();
    }
  });
});
