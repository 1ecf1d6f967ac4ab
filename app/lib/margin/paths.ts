/** Where the margin screens and records live (docs/product.md): the default pair is BTCUSDT. */
export const DEFAULT_MARGIN_SYMBOL = "BTCUSDT";

export function marginPath(symbol: string = DEFAULT_MARGIN_SYMBOL): string {
  return `/margin/${encodeURIComponent(symbol)}`;
}

export const MARGIN_ORDERS_PATH = "/order/marginOrderInfo";
export const MARGIN_RECORDS_PATH = "/record/margin";
