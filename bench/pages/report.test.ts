import { describe, expect, it } from "vitest";
import {
  categoryGoal,
  failingAudits,
  isTradingPage,
  perfDetail,
  formatTable,
  measureRun,
  median,
  meets,
  percentile,
  scriptTransferBytes,
  summarise,
  type LighthouseResult,
} from "./report.ts";

const audit = (id: string, score: number | null, scoreDisplayMode = "binary", extra: object = {}) => ({
  id,
  title: `title of ${id}`,
  score,
  scoreDisplayMode,
  ...extra,
});

function lhr(over: { perf?: number; lcp?: number; canonical?: number; scripts?: number[] } = {}): LighthouseResult {
  return {
    categories: {
      performance: {
        score: over.perf ?? 0.9,
        auditRefs: [
          { id: "largest-contentful-paint", weight: 25 },
          { id: "diagnostics", weight: 0 },
          { id: "unused-javascript", weight: 0 },
        ],
      },
      accessibility: { score: 1, auditRefs: [{ id: "color-contrast", weight: 7 }] },
      "best-practices": { score: 1, auditRefs: [{ id: "errors-in-console", weight: 1 }] },
      seo: {
        score: 0.85,
        auditRefs: [
          { id: "canonical", weight: 1 },
          { id: "hreflang", weight: 1 },
        ],
      },
      pwa: { score: 0, auditRefs: [{ id: "not-ours", weight: 1 }] },
    },
    audits: {
      "largest-contentful-paint": audit("largest-contentful-paint", 0.8, "numeric", {
        numericValue: over.lcp ?? 2000,
        displayValue: "2.0 s",
      }),
      diagnostics: audit("diagnostics", null, "informative"),
      "unused-javascript": audit("unused-javascript", 0.5, "metricSavings"),
      "color-contrast": audit("color-contrast", 1),
      "errors-in-console": audit("errors-in-console", 0, "notApplicable"),
      canonical: audit("canonical", over.canonical ?? 0),
      hreflang: audit("hreflang", 1),
      "not-ours": audit("not-ours", 0),
      "network-requests": audit("network-requests", null, "informative", {
        details: {
          items: [
            { resourceType: "Document", transferSize: 18000 },
            ...(over.scripts ?? [1000, 2500]).map((transferSize) => ({ resourceType: "Script", transferSize })),
            { resourceType: "Stylesheet", transferSize: 3000 },
          ],
        },
      }),
    },
  };
}

describe("median and percentile", () => {
  it("takes the middle of an odd count and the mean of the middle two of an even one, unsorted input", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });
  it("does not reorder the caller's array", () => {
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });
  it("uses the nearest rank", () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile(xs, 0)).toBe(1);
    expect(percentile([5], 99)).toBe(5);
    expect(percentile([], 50)).toBeNull();
  });
});

describe("reading a Lighthouse result", () => {
  it("adds the transfer size of scripts only", () => {
    expect(scriptTransferBytes(lhr({ scripts: [1000, 2500, 500] }))).toBe(4000);
    expect(scriptTransferBytes(lhr({ scripts: [] }))).toBe(0);
    expect(scriptTransferBytes({ categories: {}, audits: {} })).toBeNull();
  });

  it("lists the scored audits of the four categories below a full score, and nothing else", () => {
    const failing = failingAudits(lhr());
    expect(failing.map((a) => a.id).sort()).toEqual(["canonical", "largest-contentful-paint", "unused-javascript"]);
    expect(failing.find((a) => a.id === "canonical")).toMatchObject({ title: "title of canonical", categories: ["seo"], score: 0 });
  });

  it("names every category an audit counts in once", () => {
    const result = lhr();
    result.categories.seo!.auditRefs = [...result.categories.seo!.auditRefs, { id: "unused-javascript", weight: 0 }];
    expect(failingAudits(result).find((a) => a.id === "unused-javascript")?.categories).toEqual(["performance", "seo"]);
  });

  it("takes the median of each measure over runs and counts the runs each audit failed in", () => {
    const runs = [
      lhr({ perf: 0.9, lcp: 2100, scripts: [100] }),
      lhr({ perf: 0.7, lcp: 1400, canonical: 1, scripts: [300] }),
      lhr({ perf: 0.95, lcp: 1600, scripts: [200] }),
    ].map(measureRun);
    const summary = summarise(runs);
    expect(summary.scores).toEqual({ performance: 0.9, accessibility: 1, "best-practices": 1, seo: 0.85 });
    expect(summary.lcpMs).toBe(1600);
    expect(summary.scriptBytes).toBe(200);
    expect(summary.failing.find((a) => a.id === "canonical")?.runs).toBe(2);
    expect(summary.failing.find((a) => a.id === "unused-javascript")?.runs).toBe(3);
    // Worst first.
    expect(summary.failing[0]!.id).toBe("canonical");
  });

  it("leaves a category without a score out of its median instead of counting it as zero", () => {
    const a = measureRun(lhr({ perf: 0.8 }));
    const b = measureRun(lhr());
    b.scores.performance = null;
    expect(summarise([a, b]).scores.performance).toBe(0.8);
  });
});

describe("goals and the table", () => {
  it("checks at-least and at-most goals, and says nothing without a value or a goal", () => {
    expect(meets(1, { target: 1, kind: "min" })).toBe(true);
    expect(meets(0.99, { target: 1, kind: "min" })).toBe(false);
    expect(meets(1500, { target: 1500, kind: "max" })).toBe(true);
    expect(meets(1501, { target: 1500, kind: "max" })).toBe(false);
    expect(meets(null, { target: 1, kind: "min" })).toBeNull();
    expect(meets(5, undefined)).toBeNull();
  });

  it("pads columns to the widest cell, left or right as asked", () => {
    expect(
      formatTable(
        [
          ["page", "value"],
          ["/wiki/bitcoin", "7"],
        ],
        "lr",
      ),
    ).toBe("page           value\n/wiki/bitcoin      7");
    expect(formatTable([["a", "bb"], ["ccc"]], "rl")).toBe("  a  bb\nccc");
  });
});

describe("the trading screens (issue 29)", () => {
  it("knows a pair's spot, margin and futures screens, with or without a locale prefix, and nothing else", () => {
    for (const path of ["/spot/BTCUSDT", "/futures/usdt/BTCUSDT", "/margin/BTCUSDT", "/fr/spot/BTCUSDT", "/spot/BTCUSDT?x=1"])
      expect(isTradingPage(path), path).toBe(true);
    for (const path of ["/wiki", "/wiki/bitcoin", "/spot", "/events/spot", "/asset/spot", "/wiki/spot/x", "/"])
      expect(isTradingPage(path), path).toBe(false);
  });

  it("asks performance ≥ 90 of a trading screen and 100 in every category of a public page", () => {
    expect(categoryGoal("/spot/BTCUSDT", "performance")).toEqual({ target: 0.9, kind: "min" });
    expect(meets(0.9, categoryGoal("/futures/usdt/BTCUSDT", "performance"))).toBe(true);
    expect(meets(0.89, categoryGoal("/futures/usdt/BTCUSDT", "performance"))).toBe(false);
    expect(categoryGoal("/spot/BTCUSDT", "seo")).toBeUndefined();
    expect(meets(0.95, categoryGoal("/wiki", "performance"))).toBe(false);
    expect(categoryGoal("/wiki", "seo")).toEqual({ target: 1, kind: "min" });
  });

  it("reads the paints, blocking time, the LCP element and the main-thread breakdown of a run", () => {
    const result = lhr();
    result.audits["total-blocking-time"] = audit("total-blocking-time", 0.5, "numeric", { numericValue: 320 });
    result.audits["largest-contentful-paint-element"] = audit("largest-contentful-paint-element", 0, "metricSavings", {
      details: { items: [{ items: [{ node: { selector: "div.order-book > span" } }] }] },
    });
    result.audits["mainthread-work-breakdown"] = audit("mainthread-work-breakdown", 0.5, "metricSavings", {
      details: { items: [{ group: "scriptEvaluation", groupLabel: "Script Evaluation", duration: 812.4 }] },
    });
    const d = perfDetail(result);
    expect(d.tbtMs).toBe(320);
    expect(d.lcpMs).toBe(result.audits["largest-contentful-paint"]!.numericValue);
    expect(d.lcpElement).toBe("div.order-book > span");
    expect(d.mainThread).toEqual({ "Script Evaluation": 812 });
    expect(d.fcpMs).toBeNull();
  });
});
