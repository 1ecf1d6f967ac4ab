import { EX_CODES } from "../../../protocol/bitget";
import { HttpError } from "~/lib/http/errors";
import type { FieldError, OrderField } from "./order-form";

/** Where a refused order's error belongs: beside a field, or above the submit button. */
export interface PlaceError {
  field: OrderField | "form";
  error: FieldError;
}

/** The margin endpoints' post-trade check (docs/decisions/340): the order would leave the account under the liquidation level. */
const MARGIN_RISK_CHECK = "50026";

/** The futures gateway's codes the order form can meet (docs/decisions/341; gateway/futures/codes.ts). */
export const FUTURES_CODES = {
  /** A limit price outside the band around the mark; the message names the bound. */
  priceOutOfBand: "40706",
  /** Not enough margin, or the order's own expected fill would leave it at or below maintenance. */
  marginTooLow: "40762",
  /** A demo product type sent without `paptrading: 1`. */
  environment: "40099",
} as const;

const BY_CODE: Record<string, PlaceError> = {
  [EX_CODES.insufficientBalance]: { field: "quantity", error: { key: "insufficientNow" } },
  [EX_CODES.minNotional]: { field: "quantity", error: { key: "belowMinValue" } },
  [EX_CODES.qtyTooSmall]: { field: "quantity", error: { key: "belowMinSize" } },
  [EX_CODES.fokNotFilled]: { field: "form", error: { key: "fokUnfilled" } },
  [EX_CODES.duplicateClientOid]: { field: "form", error: { key: "duplicate" } },
  [MARGIN_RISK_CHECK]: { field: "form", error: { key: "riskCheck" } },
};

const FUTURES_BY_CODE: Record<string, PlaceError> = {
  [FUTURES_CODES.marginTooLow]: { field: "form", error: { key: "marginTooLow" } },
  [FUTURES_CODES.environment]: { field: "form", error: { key: "environment" } },
  [EX_CODES.duplicateClientOid]: { field: "form", error: { key: "duplicate" } },
};

/** The last number of a message ("… exceeds the limit 99750.00"), the bound the gateway names. */
const lastNumber = (msg: string): string | undefined => /(\d+(?:\.\d+)?)\D*$/.exec(msg)?.[1];

/** The price band's refusal beside the price field, with the bound when the message names it. */
function bandRefusal(high: boolean, bound: string | undefined): PlaceError {
  if (!bound) return { field: "price", error: { key: high ? "bandHighNow" : "bandLowNow" } };
  return { field: "price", error: { key: high ? "bandHigh" : "bandLow", values: high ? { max: bound } : { min: bound } } };
}

/**
 * The gateway's refusal of `place-order` (or a transport failure) as something the form can show.
 * `market` picks the codes: spot and margin share Bitget's spot codes, futures have their own.
 */
export function placeErrorOf(err: unknown, market: "spot" | "futures" = "spot"): PlaceError {
  if (err instanceof HttpError) {
    if (err.isTooManyRequests || err.code === EX_CODES.tooManyRequests) return { field: "form", error: { key: "tooMany" } };
    if (err.kind === "network" || err.kind === "timeout" || err.kind === "aborted") return { field: "form", error: { key: "network" } };
    if (market === "futures") {
      if (err.code === FUTURES_CODES.priceOutOfBand) {
        const m = /must be (at most|at least) (\d+(?:\.\d+)?)/.exec(err.message);
        return bandRefusal(m ? m[1] === "at most" : /most|exceed|above|high/i.test(err.message), m?.[2]);
      }
      const known = FUTURES_BY_CODE[err.code];
      if (known) return known;
    } else {
      if (err.code === EX_CODES.priceAboveBand) return bandRefusal(true, lastNumber(err.message));
      if (err.code === EX_CODES.priceBelowBand) return bandRefusal(false, lastNumber(err.message));
      const known = BY_CODE[err.code];
      if (known) return known;
    }
    return { field: "form", error: { key: "refused", values: { msg: err.message || err.code } } };
  }
  return { field: "form", error: { key: "refused", values: { msg: err instanceof Error ? err.message : String(err) } } };
}
