/** Bitget v2 spot account endpoints, and the simulation account's reset. */
import type { FastifyInstance } from "fastify";
import { ASSET_TYPES, BILL_GROUPS, BUSINESS_TYPE_ALIASES, BUSINESS_TYPES, EX_CODES, V2 } from "../../../protocol/bitget.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { COINS } from "../instruments.ts";
import { assetJson, billJson } from "../format.ts";
import { privateRoute, type ExchangeRouteDeps } from "./private-route.ts";
import { qInt, qString, qTimeWindow, queryEnumOf, type Query } from "./query.ts";

export function spotAccountRoutes(app: FastifyInstance, deps: ExchangeRouteDeps): void {
  const svc = deps.exchange.svc;
  const route = privateRoute(app, deps);

  route("GET", V2.accountInfo, 1, false, async (_req, p, env) => {
    return ok({
      userId: p.userId,
      inviterId: null,
      ips: "",
      authorities: p.permissions.includes("trade") ? ["sor", "sow"] : ["sor"],
      parentId: 0,
      traderType: "",
      channelCode: "",
      channel: "",
      regisTime: "",
      vipLevel: String(svc.vip(env, p.userId)),
    });
  });

  route("GET", V2.assets, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const coin = qString(q, "coin", false, 16)?.toUpperCase();
    if (coin && !COINS.includes(coin)) throw new GatewayError(EX_CODES.paramNotExist, `Parameter ${coin} does not exist`);
    const assetType = queryEnumOf(q, ASSET_TYPES, "assetType", "hold_only");
    const list = await svc.assets(env, p.userId);
    const all = assetType === "all" ? COINS.map((c) => svc.engine.balance(env, p.userId, c)) : list;
    return ok(all.filter((b) => !coin || b.coin === coin).map(assetJson));
  });

  route("GET", V2.bills, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const coin = qString(q, "coin", false, 16)?.toUpperCase() ?? null;
    const group = queryEnumOf(q, BILL_GROUPS, "groupType") ?? null;
    const business = queryEnumOf(q, BUSINESS_TYPES, "businessType", undefined, BUSINESS_TYPE_ALIASES) ?? null;
    const bills = svc.store.bills({
      env,
      user: p.userId,
      coin,
      group,
      business,
      ...qTimeWindow(q),
      before: qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER,
      limit: qInt(q, "limit", { min: 1, max: 500, def: 100, clamp: true }) as number,
    });
    return ok(bills.map(billJson));
  });

  route("POST", V2.paperReset, 1, true, async (req, p, env) => {
    if (env !== "paper") throw new GatewayError(EX_CODES.paramInvalid, "Only the simulation account can be reset: send paptrading: 1");
    await svc.resetPaper(p.userId);
    return ok({ userId: p.userId });
  });
}
