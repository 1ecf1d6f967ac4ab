import type { Metric } from "web-vitals";
import type { TrackingExt } from "../../../protocol/tracking";

/** The web-vitals functions the SDK uses (injected, so tests need no browser). */
export interface VitalsLibrary {
  onTTFB(cb: (m: Metric) => void): void;
  onFCP(cb: (m: Metric) => void): void;
  onLCP(cb: (m: Metric) => void): void;
  onCLS(cb: (m: Metric) => void): void;
  onINP(cb: (m: Metric) => void): void;
}

export const VITALS_EVENT_NAME = "web_vitals";

/**
 * Collects TTFB, FCP, LCP, CLS and INP as web-vitals reports them. web-vitals finalises LCP, CLS
 * and INP in its own visibilitychange listener (window, capture phase), which runs before the
 * SDK's (document), so the snapshot taken at page hide holds the final values.
 */
export class VitalsCollector {
  private readonly values = new Map<string, number>();
  private reported = false;

  constructor(lib: VitalsLibrary) {
    const keep = (m: Metric) => void this.values.set(m.name.toLowerCase(), m.value);
    lib.onTTFB(keep);
    lib.onFCP(keep);
    lib.onLCP(keep);
    lib.onCLS(keep);
    lib.onINP(keep);
  }

  /**
   * The metrics for the one performance event of this document: undefined before anything was
   * measured, and after the first report (docs/product.md: reported once).
   */
  takeOnce(): TrackingExt | undefined {
    if (this.reported || this.values.size === 0) return undefined;
    this.reported = true;
    const ext: TrackingExt = {};
    for (const [name, value] of this.values) {
      // Times in whole ms; CLS is a unitless score.
      ext[name] = name === "cls" ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    }
    return ext;
  }
}
