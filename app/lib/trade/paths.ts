/** Where the spot pages live (docs/product.md): the default is BTCUSDT. */
export const DEFAULT_SPOT_SYMBOL = "BTCUSDT";

export function spotPath(symbol: string = DEFAULT_SPOT_SYMBOL): string {
  return `/spot/${encodeURIComponent(symbol)}`;
}
