import { EX_CODES } from "../../../protocol/bitget";
import { HttpError } from "~/lib/http/errors";
import type { FieldError, OrderField } from "./order-form";

/** Where a refused order's error belongs: beside a field, or above the submit button. */
export interface PlaceError {
  field: OrderField | "form";
  error: FieldError;
}

const BY_CODE: Record<string, PlaceError> = {
  [EX_CODES.insufficientBalance]: { field: "quantity", error: { key: "insufficientNow" } },
  [EX_CODES.minNotional]: { field: "quantity", error: { key: "belowMinValue" } },
  [EX_CODES.qtyTooSmall]: { field: "quantity", error: { key: "belowMinSize" } },
  [EX_CODES.fokNotFilled]: { field: "form", error: { key: "fokUnfilled" } },
  [EX_CODES.duplicateClientOid]: { field: "form", error: { key: "duplicate" } },
};

/** The gateway's refusal of `place-order` (or a transport failure) as something the form can show. */
export function placeErrorOf(err: unknown): PlaceError {
  if (err instanceof HttpError) {
    if (err.isTooManyRequests || err.code === EX_CODES.tooManyRequests) return { field: "form", error: { key: "tooMany" } };
    if (err.kind === "network" || err.kind === "timeout" || err.kind === "aborted") return { field: "form", error: { key: "network" } };
    const known = BY_CODE[err.code];
    if (known) return known;
    return { field: "form", error: { key: "refused", values: { msg: err.message || err.code } } };
  }
  return { field: "form", error: { key: "refused", values: { msg: err instanceof Error ? err.message : String(err) } } };
}
