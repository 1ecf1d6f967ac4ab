/**
 * The fields of a futures order body as Bitget v2 mix sends them, read into an OrderRequest: shared
 * by place-order, batch-place-order, modify-order, click-backhand and the plan endpoints
 * (docs/decisions/312, 315).
 */
import type { z } from "zod";
import { FORCES, ORDER_TYPES, SIDES } from "../../../protocol/bitget.ts";
import { MARGIN_MODES } from "../../../protocol/mix.ts";
import { GatewayError } from "../../envelope.ts";
import { parseScaled } from "../../exchange/decimal.ts";
import { decimal, enumValue, isAbsent, optional, parseFields, text } from "../../exchange/fields.ts";
import { CLIENT_OID } from "../../exchange/order-request.ts";
import { sourceOf } from "../../exchange/routes/private-route.ts";
import { EngineError } from "../../exchange/engine/types.ts";
import type { Principal } from "../../request.ts";
import { FX_CODES } from "../codes.ts";
import type { Contract } from "../contracts.ts";
import type { OrderRequest } from "../service.ts";
import { contractOf, productTypeOf } from "./query.ts";

export const MarginCoin = optional(text(16));
export const Base = { symbol: text(32), productType: text(32), marginCoin: MarginCoin };

export const OrderFields = {
  size: decimal,
  price: optional(decimal),
  side: text(16),
  tradeSide: optional(text(16)),
  orderType: text(16),
  force: optional(text(16)),
  clientOid: optional(text(64)),
  reduceOnly: optional(text(8)),
  marginMode: optional(text(16)),
  presetStopSurplusPrice: optional(decimal),
  presetStopLossPrice: optional(decimal),
  /** Bitget's limit execution of a preset; the gateway's presets run at market, so a non-zero one is refused (docs/decisions/318). */
  presetStopSurplusExecutePrice: optional(decimal),
  presetStopLossExecutePrice: optional(decimal),
};
export type OrderFieldValues = z.infer<z.ZodObject<typeof OrderFields>>;

/** Parses a body, naming a missing decimal field as missing (40019): zod reports a union's absence as a mismatch. */
export function fields<S extends z.ZodTypeAny>(schema: S, body: unknown, decimals: readonly string[]): z.infer<S> {
  if (body !== null && typeof body === "object")
    for (const name of decimals)
      if (isAbsent((body as Record<string, unknown>)[name]))
        throw new GatewayError(FX_CODES.paramEmpty, `Parameter ${name} cannot be empty`);
  return parseFields(schema, body);
}

export function checkMarginCoin(coin: string | undefined): void {
  if (coin !== undefined && coin.toUpperCase() !== "USDT")
    throw new GatewayError(FX_CODES.paramInvalid, "Parameter marginCoin must be USDT");
}

/** A body's contract: its product type (required) and symbol. */
export function bodyContract(b: { symbol: string; productType: string; marginCoin?: string }): Contract {
  checkMarginCoin(b.marginCoin);
  return contractOf(b.symbol, productTypeOf(b.productType));
}

/** A price in ticks of the contract: a positive decimal at its precision. */
export function priceTicks(c: Contract, value: string | undefined, name: string): number {
  if (isAbsent(value)) throw new EngineError(FX_CODES.paramEmpty, `Parameter ${name} cannot be empty`);
  const px = parseScaled(value, c.inst.pricePrecision);
  if (px === undefined)
    throw new EngineError(
      FX_CODES.paramCheck,
      `Parameter verification exception: ${name} must be a decimal with at most ${c.inst.pricePrecision} decimals`,
    );
  if (px <= 0n || px > 1_000_000_000_000n) throw new EngineError(FX_CODES.paramInvalid, `Parameter ${name} is out of range`);
  return Number(px);
}

/** A price that may be absent (0 then). */
export function optionalTicks(c: Contract, value: string | undefined, name: string): number {
  return isAbsent(value) ? 0 : priceTicks(c, value, name);
}

/** A size in lots of the contract, at its quantity precision and within its maximum. */
export function sizeLots(c: Contract, value: string, name = "size"): number {
  const size = parseScaled(value, c.inst.quantityPrecision);
  if (size === undefined)
    throw new EngineError(
      FX_CODES.paramCheck,
      `Parameter verification exception: ${name} must be a decimal with at most ${c.inst.quantityPrecision} decimals`,
    );
  if (size <= 0n || size > BigInt(c.inst.maxLots))
    throw new EngineError(size <= 0n ? FX_CODES.lessThanMinimum : FX_CODES.paramInvalid, `Parameter ${name} is out of range`);
  return Number(size);
}

export function clientOidOf(value: string | undefined, name = "clientOid"): string {
  if (isAbsent(value)) return "";
  if (!CLIENT_OID.test(value)) throw new EngineError(FX_CODES.paramInvalid, `Parameter ${name} is invalid: 1-50 letters, digits, _ - . :`);
  return value;
}

export function toRequest(c: Contract, f: OrderFieldValues, marginMode: string | undefined, p: Principal): OrderRequest {
  const orderType = enumValue(ORDER_TYPES, f.orderType, "orderType");
  const force = enumValue(FORCES, f.force, "force", "gtc");
  const side = enumValue(SIDES, f.side, "side");
  const tradeSide = isAbsent(f.tradeSide) ? undefined : enumValue(["open", "close"] as const, f.tradeSide, "tradeSide");
  const reduceOnly = isAbsent(f.reduceOnly) ? false : enumValue(["YES", "NO"] as const, f.reduceOnly, "reduceOnly") === "YES";
  const mode = isAbsent(marginMode) ? undefined : enumValue(MARGIN_MODES, marginMode, "marginMode");
  const clientOid = clientOidOf(f.clientOid);
  const size = sizeLots(c, f.size);
  const price = orderType === "limit" ? priceTicks(c, f.price, "price") : 0;
  return {
    symbol: c.symbol,
    side,
    tradeSide,
    orderType,
    force,
    price,
    size,
    clientOid,
    reduceOnly,
    marginMode: mode,
    source: sourceOf(p),
  };
}

/** The preset take-profit and stop-loss of an order body, in ticks (0 for none). */
export function presetsOf(
  c: Contract,
  f: Pick<
    OrderFieldValues,
    "presetStopSurplusPrice" | "presetStopLossPrice" | "presetStopSurplusExecutePrice" | "presetStopLossExecutePrice"
  >,
): { tp: number; sl: number } {
  for (const [name, v] of [
    ["presetStopSurplusExecutePrice", f.presetStopSurplusExecutePrice],
    ["presetStopLossExecutePrice", f.presetStopLossExecutePrice],
  ] as const)
    if (!isAbsent(v) && Number(v) !== 0)
      throw new EngineError(FX_CODES.paramInvalid, `A preset take-profit or stop-loss runs at market: ${name} is not supported`);
  return {
    tp: optionalTicks(c, f.presetStopSurplusPrice, "presetStopSurplusPrice"),
    sl: optionalTicks(c, f.presetStopLossPrice, "presetStopLossPrice"),
  };
}
