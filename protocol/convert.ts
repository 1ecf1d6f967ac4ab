/**
 * Bitget v2 convert (small-amount coin conversion) as the embedded exchange serves it
 * (docs/decisions/334): the paths, the quote's lifetime and the limits of one conversion.
 */

export const CONVERT_PATHS = {
  currencies: "/api/v2/convert/currencies",
  quotedPrice: "/api/v2/convert/quoted-price",
  trade: "/api/v2/convert/trade",
  record: "/api/v2/convert/convert-record",
} as const;

/** A quote's `traceId` is good for this long, as Bitget documents it ("valid for 8 seconds"). */
export const CONVERT_QUOTE_TTL_MS = 8_000;

/**
 * The least and most one conversion may move, in USDT (a coin's limits are these at its pair's
 * reference price): twice the spot minimum order value, so that rounding to the lot grid never
 * brings the order under it, and a ceiling that keeps one conversion a "small amount".
 */
export const CONVERT_MIN_USDT = "2";
export const CONVERT_MAX_USDT = "1000000";

/** convert-record: `limit` default and maximum, and the longest `startTime`..`endTime` window (90 days). */
export const CONVERT_RECORD_LIMIT = { def: 20, max: 100 } as const;
export const CONVERT_RECORD_WINDOW_MS = 90 * 86_400_000;

/** The clientOid prefix of the spot order a conversion executes as (its record's id follows). */
export const CONVERT_OID_PREFIX = "cnvt-";
