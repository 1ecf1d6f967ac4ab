/** The record pages (docs/product.md; each on the simulation allow-list), in the order their menu lists them. */
export const RECORD_PAGES = [
  { path: "/record/exchange", title: "exchange" },
  { path: "/record/margin", title: "margin" },
  { path: "/record/mcp", title: "mcp" },
  { path: "/order/mcp", title: "orders" },
] as const;
export type RecordPageId = (typeof RECORD_PAGES)[number]["title"];
