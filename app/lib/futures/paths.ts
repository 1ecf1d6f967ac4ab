/** Where the USDT-M futures screens live (docs/product.md): the default is BTCUSDT. */
export const DEFAULT_FUTURES_SYMBOL = "BTCUSDT";

export function futuresPath(symbol: string = DEFAULT_FUTURES_SYMBOL): string {
  return `/futures/usdt/${encodeURIComponent(symbol)}`;
}
