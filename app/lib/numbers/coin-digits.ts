/**
 * How many decimals the screens show of an amount of each coin (issue 28; docs/decisions/715):
 * a base coin at its spot pair's lot (the smallest size the trader can trade), USDT at four places
 * (a small fee still shows), anything else at the ledger's eight. Prices are not amounts: they keep
 * their pair's price precision. One table, so every screen prints a coin the same way.
 */
export const COIN_DIGITS: Readonly<Record<string, number>> = {
  USDT: 4,
  BTC: 6,
  ETH: 4,
  SOL: 3,
  XRP: 2,
  DOGE: 2,
  ADA: 2,
  LTC: 4,
  BNB: 4,
  TRX: 2,
  LINK: 2,
  BGB: 2,
};

/** The ledger's scale: the most decimals any amount has. */
export const LEDGER_DIGITS = 8;

/** The decimals a coin's amounts are shown with. */
export function coinDigits(coin: string): number {
  return COIN_DIGITS[coin.toUpperCase()] ?? LEDGER_DIGITS;
}

/** The base and quote coins of a spot or margin pair's symbol (`BTCUSDT` → BTC, USDT); every listed pair is quoted in USDT. */
export function pairCoins(symbol: string, quote = "USDT"): { base: string; quote: string } {
  return { base: symbol.endsWith(quote) ? symbol.slice(0, -quote.length) : symbol, quote };
}
