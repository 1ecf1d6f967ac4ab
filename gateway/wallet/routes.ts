/**
 * The wallet over HTTP (docs/decisions/330): Bitget's v2 coins, deposit address, deposit and
 * withdrawal records, withdrawal, cancel and transfer records, and the web session's own
 * `/v1/wallet/...` calls (simulated deposit, address book, withdraw page info). Parse, call the
 * service, shape the envelope; nothing else.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { EX_CODES } from "../../protocol/bitget.ts";
import { BITGET_WITHDRAW_STATUS, WALLET_CODES, WALLET_COINS, WALLET_PATHS, walletCoin } from "../../protocol/wallet.ts";
import { GatewayError, ok } from "../envelope.ts";
import { envOf } from "../exchange/routes/auth.ts";
import { privateRoute, type ExchangeRouteDeps } from "../exchange/routes/private-route.ts";
import { engineCall, qString, type Query } from "../exchange/routes/query.ts";
import { decimal, isAbsent, optional, parseFields, text } from "../exchange/fields.ts";
import { CLIENT_OID } from "../exchange/order-request.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";
import type { Principal } from "../request.ts";
import type { WalletAccounts } from "./account-link.ts";
import { amountOf, chainOf, type WalletService } from "./service.ts";
import type { DepositRow, RecordQuery, WithdrawalRow } from "./store.ts";
import { bad, coinParam, recordPage, sizeText } from "./query.ts";
import { transferRecords } from "./transfer-records.ts";

export interface WalletRouteDeps extends Pick<ExchangeRouteDeps, "auth" | "limiter"> {
  wallet: WalletService;
  accounts: WalletAccounts;
  /** The signed-in user of a `/v1` call (the accounts area's refusal otherwise). */
  sessionUserId: (req: FastifyRequest) => string;
}

/** The query of a records endpoint: the common page, and one record by `orderId`. */
function recordQuery(q: Query, env: string, userId: string): RecordQuery {
  const orderId = qString(q, "orderId", false, 20);
  if (orderId !== undefined && !/^\d{1,16}$/.test(orderId)) throw bad(EX_CODES.paramInvalid, "Parameter orderId is invalid");
  return { env, userId, id: orderId === undefined ? null : Number(orderId), ...recordPage(q) };
}

export function depositJson(d: DepositRow) {
  return {
    orderId: String(d.id),
    tradeId: d.tx_hash,
    coin: d.coin,
    type: "deposit",
    size: sizeText(d.amount),
    status: d.state,
    toAddress: d.to_address,
    tag: d.tag,
    dest: "on_chain",
    chain: d.chain,
    fromAddress: d.from_address,
    confirm: String(d.confirm),
    needConfirm: String(d.need_confirm),
    cTime: String(d.created_at),
    uTime: String(d.updated_at),
  };
}

export function withdrawalJson(w: WithdrawalRow) {
  return {
    orderId: String(w.id),
    tradeId: w.tx_hash,
    coin: w.coin,
    dest: "on_chain",
    clientOid: w.client_oid,
    type: "withdraw",
    tag: w.tag,
    size: sizeText(w.amount),
    fee: sizeText(w.fee),
    status: BITGET_WITHDRAW_STATUS[w.state],
    /** The gateway's own state: `processing` is Bitget's `pending` once sent to the chain (docs/decisions/330). */
    state: w.state,
    toAddress: w.to_address,
    fromAddress: w.from_address,
    confirm: String(w.confirm),
    needConfirm: String(w.need_confirm),
    chain: w.chain,
    cTime: String(w.created_at),
    uTime: String(w.updated_at),
  };
}

const WithdrawSchema = z.object({
  coin: text(16),
  transferType: text(16),
  address: text(128),
  chain: optional(text(32)),
  tag: optional(text(32)),
  size: decimal,
  clientOid: optional(text(64)),
  innerToType: optional(text(16)),
  areaCode: optional(text(8)),
  remark: optional(text(128)),
  /** The web flow's second factor; API calls do without (their key's withdraw permission stands for it). */
  googleCode: optional(z.string().regex(/^\d{6}$/)),
});
const CancelSchema = z.object({ orderId: text(20) });
const SimulateSchema = z.object({ coin: text(16), chain: text(32), size: decimal });
const AddressSchema = z.object({
  label: z.string().trim().min(1).max(32),
  coin: text(16),
  chain: text(32),
  address: z.string().trim().min(1).max(128),
  tag: optional(text(32)),
});
const DeleteSchema = z.object({ id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/**
 * A key withdraws with its own `withdraw` permission, whatever else it may do, and only while the
 * key has an IP allow-list (docs/decisions/342); the web session proves TOTP instead.
 */
function requireWithdraw(p: Principal): void {
  if (p.via !== "apikey") return;
  if (!p.permissions.includes("withdraw")) throw new GatewayError(EX_CODES.permissionDenied, "Incorrect permissions", 403);
  if (p.withdrawHold) throw new GatewayError(p.withdrawHold.code, p.withdrawHold.msg, 403);
}

export function walletRoutes(app: FastifyInstance, deps: WalletRouteDeps): void {
  const { wallet } = deps;
  const route = privateRoute(app, deps);

  app.get(WALLET_PATHS.coins, async (req) => {
    const coin = coinParam(qString(req.query as Query, "coin", false, 16), false);
    return ok(
      WALLET_COINS.filter((c) => !coin || c.coin === coin).map((c) => ({
        coinId: c.coinId,
        coin: c.coin,
        transfer: "true",
        chains: c.chains.map((n) => ({
          chain: n.chain,
          needTag: String(n.needTag),
          withdrawable: "true",
          rechargeable: "true",
          withdrawFee: n.withdrawFee,
          extraWithdrawFee: "0",
          depositConfirm: String(n.depositConfirm),
          withdrawConfirm: String(n.withdrawConfirm),
          minDepositAmount: n.minDeposit,
          minWithdrawAmount: n.minWithdraw,
          browserUrl: n.browserUrl,
          contractAddress: n.contractAddress,
          withdrawStep: "0",
          withdrawMinScale: String(n.withdrawScale),
          congestion: "normal",
        })),
        areaCoin: "no",
      })),
    );
  });

  route("GET", WALLET_PATHS.depositAddress, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const coin = coinParam(qString(q, "coin", false, 16), true) as string;
    const chain = chainOf(coin, qString(q, "chain", false, 32) ?? (walletCoin(coin)?.chains[0]?.chain as string));
    const a = wallet.address(env, p.userId, coin, chain);
    return ok({ address: a.address, chain: chain.chain, coin, tag: a.tag, url: chain.browserUrl });
  });

  route("GET", WALLET_PATHS.depositRecords, 10, false, async (req, p, env) => {
    return ok(deps.wallet.deposits(recordQuery(req.query as Query, env, p.userId)).map(depositJson));
  });

  route("GET", WALLET_PATHS.withdrawalRecords, 10, false, async (req, p, env) => {
    return ok(deps.wallet.withdrawals(recordQuery(req.query as Query, env, p.userId)).map(withdrawalJson));
  });

  route("POST", WALLET_PATHS.withdrawal, 5, false, async (req, p, env) => {
    requireWithdraw(p);
    const b = parseFields(WithdrawSchema, req.body);
    if (b.transferType.toLowerCase() !== "on_chain") throw bad(EX_CODES.paramInvalid, "Only on_chain withdrawals are supported");
    const coin = coinParam(b.coin, true) as string;
    if (isAbsent(b.chain)) throw bad(EX_CODES.paramEmpty, "Parameter chain cannot be empty");
    if (b.address === "") throw bad(EX_CODES.paramEmpty, "Parameter address cannot be empty");
    if (!isAbsent(b.clientOid) && !CLIENT_OID.test(b.clientOid)) throw bad(EX_CODES.paramInvalid, "Parameter clientOid is invalid");
    // A web withdrawal proves its fund password, once one is set (docs/decisions/350); the account's standing and code follow.
    if (p.via === "session") await deps.accounts.requireFund(p.userId, req.body);
    const w = await wallet.withdraw(env, p.userId, {
      coin,
      chain: b.chain,
      address: b.address,
      tag: b.tag ?? "",
      size: b.size,
      clientOid: b.clientOid ?? "",
      via: p.via === "session" ? "web" : "api",
      // The web flow proves the second factor, after every other check so a refused request does not spend the code;
      // a key stands for the code, but only while the account could withdraw on the web (docs/decisions/342).
      confirm:
        p.via === "session" ? () => deps.accounts.requireTotp(p.userId, b.googleCode) : () => deps.accounts.requireWithdrawable(p.userId),
    });
    return ok({ orderId: String(w.id), clientOid: w.client_oid });
  });

  route("POST", WALLET_PATHS.cancelWithdrawal, 5, false, async (req, p, env) => {
    requireWithdraw(p);
    const b = parseFields(CancelSchema, req.body);
    if (b.orderId === "") throw bad(EX_CODES.paramEmpty, "Parameter orderId cannot be empty");
    if (!/^\d{1,16}$/.test(b.orderId)) throw bad(EX_CODES.orderNotFound, "The withdrawal does not exist");
    await wallet.cancel(env, p.userId, Number(b.orderId));
    return ok("success");
  });

  route("GET", WALLET_PATHS.transferRecords, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    return ok(transferRecords(wallet.store, env, p.userId, q));
  });

  // ---- the web session's own calls ----
  const own = (url: string, handler: (req: FastifyRequest, userId: string) => Promise<unknown>) =>
    app.post(url, async (req) => {
      const userId = deps.sessionUserId(req);
      deps.limiter.take(`uid:${userId}:${url}`, 5);
      return engineCall(() => handler(req, userId));
    });

  own(WALLET_PATHS.simulateDeposit, async (req, userId) => {
    const env = envOf(req);
    if (env !== "paper") throw bad(WALLET_CODES.liveRefused, "Simulated deposits are for the simulation account only");
    const b = parseFields(SimulateSchema, req.body);
    const coin = coinParam(b.coin, true) as string;
    const chain = chainOf(coin, b.chain);
    return ok(depositJson(wallet.addDeposit(env, userId, coin, chain, amountOf(String(b.size), LEDGER_SCALE, "size"))));
  });

  own(WALLET_PATHS.withdrawInfo, async (_req, userId) =>
    ok({ googleBound: deps.accounts.hasTotp(userId), ...deps.accounts.fundState(userId) }),
  );

  own(WALLET_PATHS.addressBook, async (_req, userId) => ok({ list: wallet.addressBook(userId).map(addressJson) }));

  own(WALLET_PATHS.addressBookAdd, async (req, userId) => {
    const b = parseFields(AddressSchema, req.body);
    const coin = coinParam(b.coin, true) as string;
    await deps.accounts.requireFund(userId, req.body);
    return ok(addressJson(wallet.addAddress(userId, { label: b.label, coin, chain: b.chain, address: b.address, tag: b.tag ?? "" })));
  });

  own(WALLET_PATHS.addressBookDelete, async (req, userId) => {
    const { id } = parseFields(DeleteSchema, req.body);
    await deps.accounts.requireFund(userId, req.body);
    wallet.deleteAddress(userId, id);
    return ok({ deleted: true });
  });
}

function addressJson(a: { id: number; label: string; coin: string; chain: string; address: string; tag: string; created_at: number }) {
  return { id: a.id, label: a.label, coin: a.coin, chain: a.chain, address: a.address, tag: a.tag, createdAt: a.created_at };
}
