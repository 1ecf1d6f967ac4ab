/**
 * The pure part of bench/pages: medians and percentiles, what a Lighthouse result says about a
 * page (category scores, largest paint, script bytes, the audits that lost points) and the table.
 * Kept apart from run.ts so it can be tested without a browser or a server.
 */

/** The middle value (mean of the two middle ones for an even count); null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100) of values already sorted ascending; null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The four Lighthouse categories the issue sets goals for, in its order. */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** The slice of a Lighthouse result (LH.Result) this bench reads; the real type is much larger. */
export interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: ReadonlyArray<{ id: string; weight: number }> } | undefined>;
  audits: Record<
    string,
    | {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        displayValue?: string;
        numericValue?: number;
        details?: unknown;
      }
    | undefined
  >;
  runtimeError?: { code: string; message: string };
  lighthouseVersion?: string;
  /** The machine's user agent and Lighthouse's CPU benchmark of it (lower: a slower or busier machine). */
  environment?: { hostUserAgent: string; benchmarkIndex: number };
}

export interface RunMeasure {
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  scriptBytes: number | null;
  failing: FailingAudit[];
}

export interface FailingAudit {
  id: string;
  title: string;
  /** The categories whose score the audit counts in (or is listed under). */
  categories: string[];
  score: number;
  displayValue?: string;
}

// Audits shown for information or checked by hand never lose points.
const UNSCORED = new Set(["informative", "manual", "notApplicable", "error"]);

/** Scripts' transfer size (headers and compressed body, as the network saw it) from `network-requests`. */
export function scriptTransferBytes(lhr: LighthouseResult): number | null {
  const details = lhr.audits["network-requests"]?.details as
    | { items?: Array<{ resourceType?: string; transferSize?: number }> }
    | undefined;
  if (!details?.items) return null;
  return details.items.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/** Every scored audit of the four categories below a full score, with the categories it belongs to. */
export function failingAudits(lhr: LighthouseResult): FailingAudit[] {
  const byId = new Map<string, FailingAudit>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || UNSCORED.has(audit.scoreDisplayMode)) continue;
      const known = byId.get(audit.id);
      if (known) known.categories.push(category);
      else
        byId.set(audit.id, {
          id: audit.id,
          title: audit.title,
          categories: [category],
          score: audit.score,
          ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        });
    }
  }
  return [...byId.values()];
}

/** One Lighthouse run reduced to what the bench reports. */
export function measureRun(lhr: LighthouseResult): RunMeasure {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])) as Record<Category, number | null>;
  return {
    scores,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? null,
    scriptBytes: scriptTransferBytes(lhr),
    failing: failingAudits(lhr),
  };
}

export interface PageSummary {
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  scriptBytes: number | null;
  /** Audits that lost points in at least one run, with how many runs they failed in. */
  failing: Array<FailingAudit & { runs: number }>;
}

/** The median of each measure over a page's runs, and the union of their failing audits. */
export function summarise(runs: readonly RunMeasure[]): PageSummary {
  const med = (pick: (r: RunMeasure) => number | null) => median(runs.map(pick).filter((v): v is number => v !== null));
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, med((r) => r.scores[c])])) as Record<Category, number | null>;
  const failing = new Map<string, FailingAudit & { runs: number }>();
  for (const run of runs) {
    for (const audit of run.failing) {
      const known = failing.get(audit.id);
      if (known) {
        known.runs++;
        known.score = Math.min(known.score, audit.score);
      } else failing.set(audit.id, { ...audit, runs: 1 });
    }
  }
  return {
    scores,
    lcpMs: med((r) => r.lcpMs),
    scriptBytes: med((r) => r.scriptBytes),
    failing: [...failing.values()].sort((a, b) => a.score - b.score || a.id.localeCompare(b.id)),
  };
}

/** A goal: the value must be at least (`min`) or at most (`max`) the target. */
export interface Goal {
  target: number;
  kind: "min" | "max";
}

/** true/false against the goal; null when there is no value or no goal. */
export function meets(value: number | null, goal: Goal | undefined): boolean | null {
  if (value === null || goal === undefined) return null;
  return goal.kind === "min" ? value >= goal.target : value <= goal.target;
}

/**
 * Plain-text table padded to the widest cell; `align` gives each column's side ("l" or "r", one
 * letter per column, "r" past its end), so labels can be left and numbers right.
 */
export function formatTable(rows: ReadonlyArray<readonly string[]>, align = "l"): string {
  const columns = Math.max(0, ...rows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r) =>
      widths
        .map((w, i) => (align[i] === "l" ? (r[i] ?? "").padEnd(w) : (r[i] ?? "").padStart(w)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** "yes" / "NO" / "—" for a pass column. */
export const passCell = (pass: boolean | null): string => (pass === null ? "—" : pass ? "yes" : "NO");

/**
 * The trading screens issue 29 measures (item 5): a phone's first visit to a live market. Their
 * goal is performance ≥ 90 (median of three); issue 15's 100-in-every-category and 1.5 s paint
 * goals are the public pages' (wiki, events) and are shown for the trading screens without a goal.
 */
export const TRADING_PAGES = ["/spot/BTCUSDT", "/futures/usdt/BTCUSDT"] as const;

/** A spot, margin or futures screen of a pair (any locale prefix). */
export function isTradingPage(path: string): boolean {
  const parts = path.split("?")[0]!.split("/").filter(Boolean);
  const at = parts.findIndex((p) => p === "spot" || p === "margin" || p === "futures");
  const prefixed = at === 1 && /^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(parts[0]!);
  return (at === 0 || prefixed) && parts.length > at + 1;
}

/** The goal of one category on one page: performance ≥ 90 on a trading screen, 100 on the public pages. */
export function categoryGoal(path: string, category: Category): Goal | undefined {
  if (!isTradingPage(path)) return { target: 1, kind: "min" };
  return category === "performance" ? { target: 0.9, kind: "min" } : undefined;
}

/** Lighthouse's numbers a page's performance is made of, from one run (milliseconds; CLS unitless). */
export interface PerfDetail {
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  /** The element Lighthouse took as the largest paint, as its selector or snippet. */
  lcpElement: string | null;
  /** Main-thread time by category (script evaluation, style & layout, …), ms. */
  mainThread: Record<string, number>;
}

export function perfDetail(lhr: LighthouseResult): PerfDetail {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const lcpItems = (
    lhr.audits["largest-contentful-paint-element"]?.details as
      | { items?: Array<{ items?: Array<{ node?: { selector?: string; snippet?: string } }> }> }
      | undefined
  )?.items;
  const node = lcpItems?.[0]?.items?.[0]?.node;
  const breakdown =
    (
      lhr.audits["mainthread-work-breakdown"]?.details as
        | { items?: Array<{ groupLabel?: string; group?: string; duration?: number }> }
        | undefined
    )?.items ?? [];
  return {
    fcpMs: num("first-contentful-paint"),
    lcpMs: num("largest-contentful-paint"),
    tbtMs: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    speedIndexMs: num("speed-index"),
    lcpElement: node?.selector ?? node?.snippet ?? null,
    mainThread: Object.fromEntries(breakdown.map((b) => [b.groupLabel ?? b.group ?? "?", Math.round(b.duration ?? 0)])),
  };
}
