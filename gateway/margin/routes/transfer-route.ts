/**
 * Bitget's one `wallet/transfer` path (docs/decisions/320): a body that names `crossed_margin` or
 * `isolated_margin` moves coins between the spot account and a margin account here; every other
 * body goes to the futures area's handler (spot and USDT-M futures), which the gateway hands in.
 * Both keep a clientOid to one transfer.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { MIX_PRIVATE, TRANSFER_ACCOUNT_TYPES } from "../../../protocol/mix.ts";
import { MARGIN_CODES } from "../../../protocol/margin.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { canonical, decimal, isAbsent, optional, parseFields, text } from "../../exchange/fields.ts";
import { CLIENT_OID } from "../../exchange/order-request.ts";
import { ClientOidGate } from "../../exchange/transfer-oids.ts";
import { privateRoute, type TransferHandler } from "../../exchange/routes/private-route.ts";
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
export function walletTransferRoute(app: FastifyInstance, deps: MarginRouteDeps, futures: TransferHandler): void {
  const svc = deps.margin.svc;
  const oids = deps.exchange.transferOids;
  const gate = new ClientOidGate();
  const margin: TransferHandler = async (req, p, env, recordOid) => {
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
    await svc.transfer(env, ref, coin, amount, toMargin, transferId, recordOid?.(transferId));
    return ok({ transferId, clientOid: b.clientOid ?? "" });
  };
  // A clientOid names one transfer of the user in this environment: a second use is refused,
  // and the first is written in the transfer's own commit (docs/decisions/330).
  privateRoute(app, deps)("POST", MIX_PRIVATE.walletTransfer, 10, true, (req, p, env) => {
    const handler = isMarginTransfer(req.body) ? margin : futures;
    const raw = (req.body as { clientOid?: unknown } | null)?.clientOid;
    const clientOid = typeof raw === "string" && raw !== "" ? raw : undefined;
    if (clientOid === undefined) return handler(req, p, env);
    return gate.run(
      `${env}:${p.userId}:${clientOid}`,
      () => oids.has(env, p.userId, clientOid),
      () => handler(req, p, env, (transferId) => () => oids.record(env, p.userId, clientOid, transferId, Date.now())),
    );
  });
}
