/** A futures position row as `all-position` and the `positions` channel send it: a 100x isolated BTCUSDT long unless overridden. */
export const positionRow = (o: Record<string, unknown> = {}) => ({
  symbol: "BTCUSDT",
  holdSide: "long",
  marginMode: "isolated",
  total: "0.01",
  openPriceAvg: "50000",
  leverage: "100",
  marginSize: "5",
  marginRatio: "0.4",
  ...o,
});
