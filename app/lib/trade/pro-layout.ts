/**
 * The pro layout of the trading screens (docs/decisions/720): how wide the book's column is, how
 * tall the account panel is, and which panels the trader folded away. Pure: the stored form, its
 * bounds and what a key does to a size, tested without a browser.
 */

/** Panels the trader can fold away: the book and trades column, and the account panel. */
export const PRO_PANELS = ["book", "account"] as const;
export type ProPanel = (typeof PRO_PANELS)[number];

export interface ProLayout {
  /** Width of the book and trades column, CSS px. */
  book: number;
  /** Height of the account panel, CSS px. */
  account: number;
  /** Panels folded away, in `PRO_PANELS` order. */
  hidden: readonly ProPanel[];
}

export interface Bounds {
  min: number;
  max: number;
}

/** Widths a book of three columns reads at, from narrow figures to a wide grouping. */
export const BOOK_BOUNDS: Bounds = { min: 240, max: 520 };
/** From the tab row with a line or two to most of a tall screen (the CSS caps it to the screen too). */
export const ACCOUNT_BOUNDS: Bounds = { min: 120, max: 640 };
export const DEFAULT_PRO_LAYOUT: ProLayout = { book: 300, account: 220, hidden: [] };

/** One arrow key moves a separator this far; with Shift, `BIG_STEP`. */
export const STEP = 16;
export const BIG_STEP = 64;

export const clampTo = ({ min, max }: Bounds, value: number): number => Math.min(max, Math.max(min, Math.round(value)));

/** Stored as `<book>:<account>:<hidden,…>`, e.g. `300:220:` or `320:180:account`. */
export function formatProLayout(layout: ProLayout): string {
  return `${layout.book}:${layout.account}:${layout.hidden.join(",")}`;
}

/** The stored layout, its sizes brought inside their bounds; anything else (old, foreign, corrupt) is undefined. */
export function parseProLayout(raw: string): ProLayout | undefined {
  const m = /^(\d{1,4}):(\d{1,4}):([a-z,]{0,20})$/.exec(raw);
  if (!m) return undefined;
  const [, book, account, list] = m as unknown as [string, string, string, string];
  const parts = list === "" ? [] : list.split(",");
  if (!parts.every((p) => (PRO_PANELS as readonly string[]).includes(p))) return undefined;
  return {
    book: clampTo(BOOK_BOUNDS, Number(book)),
    account: clampTo(ACCOUNT_BOUNDS, Number(account)),
    hidden: PRO_PANELS.filter((p) => parts.includes(p)),
  };
}

/** The layout with `panel` shown or folded away. */
export function togglePanel(layout: ProLayout, panel: ProPanel): ProLayout {
  const hidden = layout.hidden.includes(panel) ? layout.hidden.filter((p) => p !== panel) : [...layout.hidden, panel];
  return { ...layout, hidden: PRO_PANELS.filter((p) => hidden.includes(p)) };
}

/**
 * What a key does to a separator's size, or undefined for a key it ignores. `grow` names the keys
 * that make the sized panel bigger: for the book's column (after the chart in reading order) the
 * key toward the chart, mirrored in right-to-left pages; for the account panel (below) ArrowUp.
 */
export function sizeAfterKey(
  key: string,
  shift: boolean,
  value: number,
  bounds: Bounds,
  grow: "ArrowLeft" | "ArrowRight" | "ArrowUp",
): number | undefined {
  const step = shift ? BIG_STEP : STEP;
  const shrink = grow === "ArrowLeft" ? "ArrowRight" : grow === "ArrowRight" ? "ArrowLeft" : "ArrowDown";
  if (key === grow) return clampTo(bounds, value + step);
  if (key === shrink) return clampTo(bounds, value - step);
  if (key === "Home") return bounds.min;
  if (key === "End") return bounds.max;
  return undefined;
}
