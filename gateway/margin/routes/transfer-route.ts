/**
 * Bitget's one `wallet/transfer` path (docs/decisions/320): a body that names `crossed_margin` or
 * `isolated_margin` moves coins between the spot account and a margin account here; every other
 * body goes to the futures area's handler (spot and USDT-M futures), which the gateway hands in.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { MIX_PRIVATE, TRANSFER_ACCOUNT_TYPES } from "../../../protocol/mix.ts";
import { MARGIN_CODES } from "../../../protocol/margin.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { canonical, decimal, isAbsent, optional, parseFields, text } from "../../exchange/fields.ts";
import { CLIENT_OID } from "../../exchange/order-request.ts";
import { privateRoute, type Handler } from "../../exchange/routes/private-route.ts";
import type { MarginRouteDeps } from "./fields.ts";
import { amountOf, coinOf, isMarginTransfer } from "./fields.ts";

const TransferSchema = z.object({
  fromType: text(32),
  toType: text(32),
  amount: optional(decimal),
  coin: optional(text(16)),
  symbol: optional(text(32)),
  clientOid: optional(text(64)),
});

/** Registers `wallet/transfer`: margin bodies here, the rest to `futures` (the futures area's handler). */
export function walletTransferRoute(app: FastifyInstance, deps: MarginRouteDeps, futures: Handler): void {
  const svc = deps.margin.svc;
  const margin: Handler = async (req, p, env) => {
    const b = parseFields(TransferSchema, req.body);
    const from = canonical(TRANSFER_ACCOUNT_TYPES, b.fromType);
    const to = canonical(TRANSFER_ACCOUNT_TYPES, b.toType);
    if (!from) throw new GatewayError(MARGIN_CODES.paramInvalid, "Parameter fromType is invalid");
    if (!to) throw new GatewayError(MARGIN_CODES.paramInvalid, "Parameter toType is invalid");
    const toMargin = from === "spot";
    const marginSide = toMargin ? to : from;
    if ((from !== "spot" && to !== "spot") || (marginSide !== "crossed_margin" && marginSide !== "isolated_margin"))
      throw new GatewayError(MARGIN_CODES.paramInvalid, "Margin accounts transfer with the spot account only");
    if (!isAbsent(b.clientOid) && !CLIENT_OID.test(b.clientOid))
      throw new GatewayError(MARGIN_CODES.paramInvalid, "Parameter clientOid is invalid");
    const mode = marginSide === "crossed_margin" ? "crossed" : "isolated";
    const ref = svc.ref(p.userId, mode, b.symbol);
    const coin = coinOf(b.coin) as string;
    const amount = amountOf(b.amount, "amount");
    const transferId = svc.ids.text(svc.ids.next());
    await svc.transfer(env, ref, coin, amount, toMargin, transferId);
    return ok({ transferId, clientOid: b.clientOid ?? "" });
  };
  privateRoute(app, deps)("POST", MIX_PRIVATE.walletTransfer, 10, true, (req, p, env) =>
    isMarginTransfer(req.body) ? margin(req, p, env) : futures(req, p, env),
  );
}
