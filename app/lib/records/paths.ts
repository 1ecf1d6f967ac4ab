/** The record pages (docs/product.md; each on the simulation allow-list), in the order their menu lists them. */
export const RECORD_PAGES = [
  { path: "/record/exchange", title: "exchange" },
  { path: "/record/margin", title: "margin" },
  { path: "/record/mcp", title: "mcp" },
  { path: "/order/mcp", title: "orders" },
  { path: "/record/copy-trading", title: "copy" },
] as const;
export type RecordPageId = (typeof RECORD_PAGES)[number]["title"];

/** A record page's title: a key of the `records` namespace's `title` group, the copy statements' of their own (`copyrec`, docs/decisions/358). */
export const recordTitleKey = (page: RecordPageId): string => (page === "copy" ? "copyrec:title" : `title.${page}`);
