/**
 * Judging a slide: the piece must end on the hole, and the way it got there must look like a
 * person's hand (or keyboard), not a script jumping to the answer at constant speed.
 */
export interface SlideResult {
  /** Final left edge of the piece, in image pixels. */
  x: number;
  /** [ms since start, x, y] samples of the drag. */
  trail: Array<[number, number, number]>;
  input: "pointer" | "keyboard";
}

export const SLIDE_RULES = {
  tolerancePx: 5,
  minDurationMs: 250,
  maxDurationMs: 120_000,
  minPointerSamples: 6,
  maxSamples: 2000,
  minKeyIntervalMs: 15,
} as const;

export type SlideVerdict = { ok: true } | { ok: false; reason: string };

export function parseSlideResult(value: unknown): SlideResult | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.x !== "number" || !Number.isFinite(v.x)) return undefined;
  if (v.input !== "pointer" && v.input !== "keyboard") return undefined;
  if (!Array.isArray(v.trail) || v.trail.length > SLIDE_RULES.maxSamples) return undefined;
  const trail: Array<[number, number, number]> = [];
  for (const p of v.trail) {
    if (!Array.isArray(p) || p.length !== 3 || !p.every((n) => typeof n === "number" && Number.isFinite(n))) return undefined;
    trail.push([p[0], p[1], p[2]]);
  }
  return { x: v.x, trail, input: v.input };
}

export function judgeSlide(answerX: number, r: SlideResult): SlideVerdict {
  if (Math.abs(r.x - answerX) > SLIDE_RULES.tolerancePx) return { ok: false, reason: "position" };
  const t = r.trail;
  const first = t[0];
  const last = t[t.length - 1];
  if (!first || !last || t.length < 2) return { ok: false, reason: "trail" };
  for (let i = 1; i < t.length; i++) if (t[i]![0] < t[i - 1]![0]) return { ok: false, reason: "trail" };
  if (Math.abs(last[1] - r.x) > 1 || Math.abs(first[1]) > 2) return { ok: false, reason: "trail" };
  const duration = last[0] - first[0];
  if (duration < SLIDE_RULES.minDurationMs || duration > SLIDE_RULES.maxDurationMs) return { ok: false, reason: "timing" };

  if (r.input === "keyboard") {
    // The first sample is the starting point, taken with the first key press: steps start after it.
    for (let i = 2; i < t.length; i++) {
      if (t[i]![0] - t[i - 1]![0] < SLIDE_RULES.minKeyIntervalMs) return { ok: false, reason: "timing" };
    }
    return { ok: true };
  }
  if (t.length < SLIDE_RULES.minPointerSamples) return { ok: false, reason: "trail" };
  // A hand accelerates and slows down; a script tends to move at one speed on one line.
  const speeds: number[] = [];
  for (let i = 1; i < t.length; i++) {
    const dt = t[i]![0] - t[i - 1]![0];
    if (dt > 0) speeds.push(Math.abs(t[i]![1] - t[i - 1]![1]) / dt);
  }
  const mean = speeds.reduce((a, b) => a + b, 0) / Math.max(1, speeds.length);
  const sd = Math.sqrt(speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, speeds.length));
  if (speeds.length < 3 || mean === 0 || sd / mean < 0.1) return { ok: false, reason: "trail" };
  return { ok: true };
}
