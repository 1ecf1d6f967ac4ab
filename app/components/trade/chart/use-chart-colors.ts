import { useEffect, useMemo, useState } from "react";
import type { RiseColor } from "~/lib/trade/chart/chart-prefs";
import type { ChartColors } from "./chart-engine";

/** Reads the theme's tokens (docs/decisions/009) from the document; red-up swaps the two directions. */
function readColors(rise: RiseColor): ChartColors {
  const css = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const green = token("--color-success-text", "#0a7446");
  const red = token("--color-error-text", "#bf1f5a");
  return {
    up: rise === "green" ? green : red,
    down: rise === "green" ? red : green,
    text: token("--color-text", "#12161c"),
    muted: token("--color-text-muted", "#505a67"),
    grid: token("--color-border", "#dfe3e8"),
    background: token("--color-bg", "#ffffff"),
    lines: [token("--color-warning-text", "#9c4f00"), token("--color-primary", "#086b8a"), token("--color-text-muted", "#505a67")],
    plan: token("--color-warning-text", "#9c4f00"),
  };
}

/**
 * The chart's colours, read again when the theme class on the document changes (a theme switch
 * re-renders the root without a reload) or the rising-colour preference does. Undefined on the server.
 */
export function useChartColors(rise: RiseColor): ChartColors | undefined {
  const [themeVersion, setThemeVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setThemeVersion((v) => v + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  const [colors, setColors] = useState<ChartColors>();
  // Read after the render that changed the class has been committed, so the tokens are the new ones.
  useEffect(() => setColors(readColors(rise)), [rise, themeVersion]);
  return useMemo(() => colors, [colors]);
}
