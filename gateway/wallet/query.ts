/** What the wallet's record endpoints read alike from a query, and how they write sizes (docs/decisions/330). */
import { EX_CODES } from "../../protocol/bitget.ts";
import { RECORD_DEFAULT_WINDOW_MS, walletCoin } from "../../protocol/wallet.ts";
import { GatewayError } from "../envelope.ts";
import { formatScaled } from "../exchange/decimal.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";
import { qInt, qString, type Query } from "../exchange/routes/query.ts";

export const bad = (code: string, msg: string) => new GatewayError(code, msg, 400);

/** A decimal without trailing zeros, as Bitget writes sizes. */
export const sizeText = (v: bigint) => formatScaled(v, LEDGER_SCALE).replace(/\.?0+$/, "");

/** A listed coin in any case; absent (or `""`) is undefined unless required. */
export function coinParam(value: string | undefined, required: boolean): string | undefined {
  if (value === undefined || value === "") {
    if (required) throw bad(EX_CODES.paramEmpty, "Parameter coin cannot be empty");
    return undefined;
  }
  const c = walletCoin(value);
  if (!c) throw bad(EX_CODES.paramNotExist, `Parameter ${value} does not exist`);
  return c.coin;
}

/**
 * The page every records endpoint reads: the coin, the time window (Bitget requires startTime and
 * endTime, the gateway defaults to the last 90 days), the `idLessThan` cursor and the limit (≤ 100).
 */
export function recordPage(q: Query) {
  const end = qInt(q, "endTime", { min: 0, max: 9e15 }) ?? Date.now();
  const start = qInt(q, "startTime", { min: 0, max: 9e15 }) ?? end - RECORD_DEFAULT_WINDOW_MS;
  if (start > end) throw bad(EX_CODES.paramInvalid, "Parameter startTime must not be after endTime");
  return {
    coin: coinParam(qString(q, "coin", false, 16), false) ?? null,
    start,
    end,
    before: qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER,
    limit: qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number,
  };
}
