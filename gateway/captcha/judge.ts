import { CAPTCHA_POW_NONCE_MAX } from "../../protocol/captcha.ts";

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
  /** The proof-of-work nonce (docs/decisions/013). */
  pow?: string;
}

export const SLIDE_RULES = {
  tolerancePx: 5,
  minDurationMs: 300,
  maxDurationMs: 120_000,
  minPointerSamples: 6,
  maxSamples: 2000,
  minKeyIntervalMs: 15,
  /** The arrow keys move 2 px, with Shift 10 (the dialog's steps); Home goes back to 0. */
  maxKeyStepPx: 10,
  /** No single pointer sample covers more than this share of the way travelled. */
  maxStepShare: 0.6,
} as const;

export type SlideVerdict = { ok: true } | { ok: false; reason: "position" | "trail" | "timing" };

const POW_NONCE = new RegExp(`^[0-9a-z]{1,${CAPTCHA_POW_NONCE_MAX}}$`);

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
  if (v.pow !== undefined && (typeof v.pow !== "string" || !POW_NONCE.test(v.pow))) return undefined;
  return { x: v.x, trail, input: v.input, ...(v.pow !== undefined ? { pow: v.pow } : {}) };
}

/**
 * `elapsedMs` is the server's own time between handing the challenge out and this answer: a drag
 * cannot have lasted longer than that, whatever its samples say.
 */
export function judgeSlide(answerX: number, r: SlideResult, elapsedMs: number): SlideVerdict {
  if (Math.abs(r.x - answerX) > SLIDE_RULES.tolerancePx) return { ok: false, reason: "position" };
  const t = r.trail;
  const first = t[0];
  const last = t[t.length - 1];
  if (!first || !last || t.length < 2 || first[0] !== 0) return { ok: false, reason: "trail" };
  for (let i = 1; i < t.length; i++) if (t[i]![0] < t[i - 1]![0]) return { ok: false, reason: "trail" };
  if (Math.abs(last[1] - r.x) > 1 || Math.abs(first[1]) > 2) return { ok: false, reason: "trail" };
  const duration = last[0];
  if (duration < SLIDE_RULES.minDurationMs || duration > SLIDE_RULES.maxDurationMs) return { ok: false, reason: "timing" };
  if (elapsedMs < duration) return { ok: false, reason: "timing" };

  if (r.input === "keyboard") {
    // The first sample is the starting point, taken with the first key press: steps start after it.
    for (let i = 1; i < t.length; i++) {
      const [ms, x, y] = t[i]!;
      if (i >= 2 && ms - t[i - 1]![0] < SLIDE_RULES.minKeyIntervalMs) return { ok: false, reason: "timing" };
      if (y !== 0 || (Math.abs(x - t[i - 1]![1]) > SLIDE_RULES.maxKeyStepPx && x !== 0)) return { ok: false, reason: "trail" };
    }
    return { ok: true };
  }
  if (t.length < SLIDE_RULES.minPointerSamples) return { ok: false, reason: "trail" };
  // A hand accelerates and slows down, and wobbles; a script tends to move at one speed on one line.
  const speeds: number[] = [];
  let path = 0;
  let longest = 0;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 1; i < t.length; i++) {
    const dt = t[i]![0] - t[i - 1]![0];
    const dx = Math.abs(t[i]![1] - t[i - 1]![1]);
    path += dx;
    longest = Math.max(longest, dx);
    if (dt > 0) speeds.push(dx / dt);
  }
  for (const p of t) {
    minY = Math.min(minY, p[2]);
    maxY = Math.max(maxY, p[2]);
  }
  if (maxY - minY < 1) return { ok: false, reason: "trail" };
  if (path > 0 && longest > path * SLIDE_RULES.maxStepShare) return { ok: false, reason: "trail" };
  const mean = speeds.reduce((a, b) => a + b, 0) / Math.max(1, speeds.length);
  const sd = Math.sqrt(speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, speeds.length));
  if (speeds.length < 3 || mean === 0 || sd / mean < 0.1) return { ok: false, reason: "trail" };
  return { ok: true };
}
