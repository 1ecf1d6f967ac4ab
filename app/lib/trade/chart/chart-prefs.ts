import type { KLINE_STUDIES, KLINE_VIEWS, RISE_COLORS } from "~/lib/prefs/local-prefs";

export type KlineStudy = (typeof KLINE_STUDIES)[number];
export type KlineView = (typeof KLINE_VIEWS)[number];
export type RiseColor = (typeof RISE_COLORS)[number];

/** Turns one study on or off, keeping the order of `all` (so the stored value is canonical). */
export function toggleStudy(all: readonly KlineStudy[], current: readonly KlineStudy[], study: KlineStudy): KlineStudy[] {
  const on = new Set(current);
  if (on.has(study)) on.delete(study);
  else on.add(study);
  return all.filter((s) => on.has(s));
}
