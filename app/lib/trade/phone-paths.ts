import { DEFAULT_SPOT_SYMBOL } from "./paths";

/**
 * The phone's trading routes of the specification (docs/decisions/723): each market screen has a
 * touch twin, and the trader's assets and orders a page of their own.
 */
export const phonePaths = {
  spot: (symbol: string = DEFAULT_SPOT_SYMBOL) => `/trade-spot/${encodeURIComponent(symbol)}`,
  margin: (symbol: string = DEFAULT_SPOT_SYMBOL) => `/trade-margin/${encodeURIComponent(symbol)}`,
  swap: (symbol: string = DEFAULT_SPOT_SYMBOL) => `/trade-swap/${encodeURIComponent(symbol)}`,
  info: (symbol: string = DEFAULT_SPOT_SYMBOL) => `/trade-info/${encodeURIComponent(symbol)}`,
  assets: "/trade-asset",
  orders: "/trade-asset-order",
} as const;

const DESKTOP: ReadonlyArray<[RegExp, (symbol: string) => string]> = [
  [/^\/spot\/([^/]+)$/, phonePaths.spot],
  [/^\/margin\/([^/]+)$/, phonePaths.margin],
  [/^\/futures\/usdt\/([^/]+)$/, phonePaths.swap],
];

/** The phone twin of a desktop trading screen's path (no locale prefix), or undefined for any other page. */
export function phoneTwinOf(path: string): string | undefined {
  for (const [re, to] of DESKTOP) {
    const m = re.exec(path);
    if (m?.[1]) return to(decodeURIComponent(m[1]));
  }
  return undefined;
}
