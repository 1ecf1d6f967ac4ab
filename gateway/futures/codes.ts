/** Bitget's futures error codes as the embedded exchange answers them (docs/decisions/312). */
import { EX_CODES } from "../../protocol/bitget.ts";

export const FX_CODES = {
  paramInvalid: EX_CODES.paramInvalid,
  paramEmpty: EX_CODES.paramEmpty,
  paramNotExist: EX_CODES.paramNotExist,
  paramCheck: EX_CODES.paramCheck,
  duplicateClientOid: EX_CODES.duplicateClientOid,
  /** "The order amount exceeds the balance". */
  insufficientBalance: "40762",
  /** "Insufficient margin". */
  insufficientMargin: "40712",
  /** "Cannot exceed the maximum transferable margin amount". */
  marginTransferTooLarge: "40713",
  /** "Insufficient contract account balance" (a transfer out of futures). */
  transferExceeds: "40711",
  orderNotFound: "40768",
  orderNotCancellable: EX_CODES.orderNotCancellable,
  /** One-way/hedge mismatch: "The order type for unilateral position must also be the unilateral position type". */
  posModeMismatch: "40774",
  /** "No position to close". */
  noPosition: "22002",
  /** "Not enough position is available". */
  notEnoughPosition: "40757",
  /** Less than the minimum order quantity or value. */
  lessThanMinimum: EX_CODES.minNotional,
  /** "Exceeded the maximum settable leverage". */
  leverageTooHigh: "40797",
  /** Positions or orders exist: the margin or position mode cannot be changed. */
  positionsOrOrdersExist: "45117",
  marginModeMismatch: "40774",
  /** A plan (trigger or TP/SL) order that is not the caller's or no longer live. */
  planNotFound: EX_CODES.planNotFound,
  /** Too many live plan orders. */
  planLimit: EX_CODES.planLimit,
  /** The price is outside the allowed band around the mark (docs/decisions/341: the message names the bound). */
  priceOutOfBand: "40706",
  /**
   * An opening order whose own expected fill would leave its position (isolated) or the account's
   * crossed equity at or below maintenance (docs/decisions/341): Bitget's "The order amount exceeds
   * the balance" code, with a message that says why.
   */
  liquidatedAtFill: "40762",
  /** A demo product type (SUSDT-FUTURES) without `paptrading: 1`: Bitget's "exchange environment is incorrect". */
  environmentMismatch: "40099",
  /**
   * An order-placing call of an account that has not opened futures (docs/decisions/351). Bitget
   * documents no code of its own for it; its "Permission has not been obtained yet" is the closest.
   */
  futuresNotOpened: "40301",
} as const;
