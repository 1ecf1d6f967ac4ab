/** Bitget v2 sub-account endpoints: free transfers between a main account and its sub-accounts, and their assets. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { EX_CODES, V2 } from "../../../protocol/bitget.ts";
import { CODES } from "../../../protocol/codes.ts";
import type { Principal } from "../../request.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { parseScaled } from "../decimal.ts";
import { COINS, LEDGER_SCALE } from "../instruments.ts";
import { assetJson } from "../format.ts";
import { canonical, optional, parseFields, text } from "../fields.ts";
import { ClientOidGate } from "../transfer-oids.ts";
import { privateRoute, type ExchangeRouteDeps } from "./private-route.ts";

const id10 = z.string().regex(/^\d{10}$/, "not a user id");
/** `""`/`null` optionals are absent and account types match in any case (docs/decisions/307); amounts and ids stay strict. */
const TransferSchema = z.object({
  fromType: text(32),
  toType: text(32),
  amount: text(40),
  coin: z.string().min(1).max(16),
  fromUserId: id10,
  toUserId: id10,
  clientOid: optional(text(64)),
  symbol: optional(text(32)),
});
/** Of Bitget's account types, the embedded exchange has only the spot account. */
const ACCOUNT_TYPES = ["spot"] as const;

const bad = (code: string, msg: string) => new GatewayError(code, msg, 400);

export function subTransferRoutes(app: FastifyInstance, deps: ExchangeRouteDeps): void {
  const ex = deps.exchange;
  const svc = ex.svc;
  const route = privateRoute(app, deps);
  const oids = new ClientOidGate();

  /** The caller must be a main account: Bitget lets only the main account move its sub-accounts' funds. */
  function mainOf(p: Principal) {
    const me = ex.accounts.of(p.userId);
    if (!me || me.parentId) throw bad(EX_CODES.permissionDenied, "Only the main account can do this");
    return ex.accounts.subAccounts(p.userId);
  }

  route("POST", V2.subaccountTransfer, 10, true, async (req, p, env) => {
    if (env !== "live") throw bad(EX_CODES.paramInvalid, "Transfers between accounts are for the live account only");
    const body = parseFields(TransferSchema, req.body);
    const subs = mainOf(p);
    if (!canonical(ACCOUNT_TYPES, body.fromType) || !canonical(ACCOUNT_TYPES, body.toType))
      throw bad(EX_CODES.paramInvalid, "Only spot to spot transfers are supported");
    const coin = body.coin.toUpperCase();
    if (!COINS.includes(coin)) throw bad(EX_CODES.paramNotExist, `Parameter ${body.coin} does not exist`);
    const amount = parseScaled(body.amount, LEDGER_SCALE);
    if (amount === undefined || amount <= 0n)
      throw bad(EX_CODES.paramInvalid, `Parameter amount must be a positive decimal with at most ${LEDGER_SCALE} decimals`);
    if (body.fromUserId === body.toUserId) throw bad(EX_CODES.paramInvalid, "fromUserId and toUserId must differ");
    for (const side of [body.fromUserId, body.toUserId]) {
      if (side === p.userId) continue;
      const sub = subs.find((s) => s.userId === side);
      if (!sub) throw bad(EX_CODES.paramInvalid, `No such sub-account: ${side}`);
      if (sub.frozen) throw bad(CODES.subAccountFrozen, `Sub-account ${side} is frozen`);
    }
    const clientOid = body.clientOid || undefined;
    const transferId = String(svc.engine.ids.next());
    const transfer = { transferId, mainUserId: p.userId, fromUserId: body.fromUserId, toUserId: body.toUserId, coin, amount };
    await oids.run(
      clientOid && `${p.userId}:${clientOid}`,
      () => ex.transfers.hasClientOid(p.userId, clientOid!),
      () =>
        svc.transferBetween(body.fromUserId, body.toUserId, coin, amount, transferId, () =>
          ex.transfers.record({ ...transfer, clientOid: clientOid ?? null }, Date.now()),
        ),
    );
    return ok({ transferId, clientOid: body.clientOid ?? null });
  });

  route("GET", V2.subaccountAssets, 10, false, async (_req, p, env) => {
    const subs = mainOf(p);
    const out = [];
    for (const s of subs) {
      const list = await svc.assets(env, s.userId);
      out.push({ id: s.userId, userId: s.userId, assetsList: list.map(assetJson) });
    }
    return ok(out);
  });
}
