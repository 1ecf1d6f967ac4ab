/** Bitget v2 mix modify-order (cancel-replace) and click-backhand (reverse) (docs/decisions/315). */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SIDES } from "../../../protocol/bitget.ts";
import { MIX_PRIVATE } from "../../../protocol/mix.ts";
import { ok } from "../../envelope.ts";
import { decimal, enumValue, isAbsent, optional, ORDER_REF, parseFields, requireOrderRef, text } from "../../exchange/fields.ts";
import { sourceOf, type ExchangeRouteDeps } from "../../exchange/routes/private-route.ts";
import type { Futures } from "../futures.ts";
import { modifyOrder, reverse } from "../order-actions.ts";
import { Base, bodyContract, clientOidOf, priceTicks, sizeLots } from "./order-fields.ts";
import { futuresRoute } from "./query.ts";

const ModifySchema = z.object({
  ...ORDER_REF,
  ...Base,
  newClientOid: optional(text(64)),
  newSize: optional(decimal),
  newPrice: optional(decimal),
  newPresetStopSurplusPrice: optional(decimal),
  newPresetStopLossPrice: optional(decimal),
});
const ReverseSchema = z.object({
  ...Base,
  side: optional(text(16)),
  tradeSide: optional(text(16)),
  size: optional(decimal),
  clientOid: optional(text(64)),
});

export function futuresActionRoutes(app: FastifyInstance, deps: ExchangeRouteDeps & { futures: Futures }): void {
  const fx = deps.futures;
  const route = futuresRoute(app, deps);

  route("POST", MIX_PRIVATE.modifyOrder, 10, true, async (req, p, env) => {
    const b = parseFields(ModifySchema, req.body);
    const c = bodyContract(b);
    requireOrderRef(b);
    // required when the size or price changes (the order is replaced); not for a change of its presets only
    const newClientOid = clientOidOf(b.newClientOid, "newClientOid");
    // "0" removes a preset take-profit or stop-loss; absent keeps the old one
    const preset = (v: string | undefined, name: string) => (v === undefined ? undefined : Number(v) === 0 ? 0 : priceTicks(c, v, name));
    const o = modifyOrder(fx, env, p.userId, c, b.orderId ? { orderId: b.orderId } : { clientOid: b.clientOid }, {
      newClientOid,
      size: b.newSize === undefined ? undefined : sizeLots(c, b.newSize, "newSize"),
      price: b.newPrice === undefined ? undefined : priceTicks(c, b.newPrice, "newPrice"),
      tp: preset(b.newPresetStopSurplusPrice, "newPresetStopSurplusPrice"),
      sl: preset(b.newPresetStopLossPrice, "newPresetStopLossPrice"),
    });
    return ok({ orderId: o.id, clientOid: o.clientOid });
  });

  route("POST", MIX_PRIVATE.clickBackhand, 10, true, async (req, p, env) => {
    const b = parseFields(ReverseSchema, req.body);
    const c = bodyContract(b);
    if (!isAbsent(b.tradeSide)) enumValue(["open", "close"] as const, b.tradeSide, "tradeSide");
    const r = reverse(fx, env, p.userId, c, {
      side: isAbsent(b.side) ? undefined : enumValue(SIDES, b.side, "side"),
      size: b.size === undefined ? undefined : sizeLots(c, b.size),
      clientOid: clientOidOf(b.clientOid),
      source: sourceOf(p),
    });
    const o = r.open ?? r.close;
    return ok({ orderId: o.id, clientOid: o.clientOid || o.id });
  });
}
