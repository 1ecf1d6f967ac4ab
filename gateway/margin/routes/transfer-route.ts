/**
 * Transfers between the spot account and margin accounts through Bitget's `wallet/transfer`
 * (docs/decisions/320). The futures area owns that route for spot and USDT-M futures; a body that
 * names `crossed_margin` or `isolated_margin` is answered here instead, by wrapping the route's
 * handler when it is registered, so neither area edits the other.
 */
import type { FastifyInstance, RouteHandlerMethod } from "fastify";
import { z } from "zod";
import { MIX_PRIVATE, TRANSFER_ACCOUNT_TYPES } from "../../../protocol/mix.ts";
import { MARGIN_CODES } from "../../../protocol/margin.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { canonical, decimal, isAbsent, optional, parseFields, text } from "../../exchange/fields.ts";
import { CLIENT_OID } from "../../exchange/order-request.ts";
import { envOf, requireTrade } from "../../exchange/routes/auth.ts";
import { engineCall } from "../../exchange/routes/query.ts";
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

/** Installs the wrapper; call before the futures routes are registered. */
export function marginTransferRoute(app: FastifyInstance, deps: MarginRouteDeps): void {
  const svc = deps.margin.svc;
  const url = MIX_PRIVATE.walletTransfer;
  const handle = async (req: Parameters<RouteHandlerMethod>[0]) => {
    const p = deps.auth.authenticate(req);
    requireTrade(p);
    deps.limiter.take(`uid:${p.userId}:${url}`, 10);
    return engineCall(async () => {
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
      const env = envOf(req);
      const transferId = svc.ids.text(svc.ids.next());
      await svc.transfer(env, ref, coin, amount, toMargin, transferId);
      return ok({ transferId, clientOid: b.clientOid ?? "" });
    });
  };
  app.addHook("onRoute", (opts) => {
    if (opts.url !== url || opts.method !== "POST") return;
    const inner = opts.handler as RouteHandlerMethod;
    opts.handler = async function (this: FastifyInstance, req, reply) {
      if (isMarginTransfer(req.body)) return handle(req);
      return inner.call(this, req, reply);
    } as RouteHandlerMethod;
  });
}
