/**
 * The fund password before web trades (docs/decisions/350): an order a web session places on the
 * live account is refused with 47022 unless the account's trade mode asks nothing or the session
 * proved the fund password for it. API keys and simulation (demo) orders are never asked, as on
 * Bitget. A hook on the order paths, so the engines' entry points stay as they are.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { V2 } from "../../protocol/bitget.ts";
import { MARGIN_CROSSED, MARGIN_ISOLATED } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { envOf } from "../exchange/routes/auth.ts";
import type { FundService } from "./fund-service.ts";
import type { AccountService } from "./service.ts";

/** Every path that places an order: spot, margin and futures, single and batch, plan orders and replacements. */
export const FUND_TRADE_PATHS: ReadonlySet<string> = new Set([
  V2.placeOrder,
  V2.batchOrders,
  V2.placePlan,
  V2.cancelReplaceOrder,
  MARGIN_CROSSED.placeOrder,
  MARGIN_CROSSED.batchPlaceOrder,
  MARGIN_ISOLATED.placeOrder,
  MARGIN_ISOLATED.batchPlaceOrder,
  MIX_PRIVATE.placeOrder,
  MIX_PRIVATE.batchPlaceOrder,
  MIX_PRIVATE.placePlanOrder,
]);

export function installFundTradeCheck(
  app: FastifyInstance,
  deps: { fund: FundService; accounts: AccountService; claimsApiKey: (req: FastifyRequest) => boolean },
): void {
  // A callback hook: a throw is Fastify's error, as a rejection was (issue 31: no promise per request).
  app.addHook("preHandler", (req, _reply, done) => {
    if (req.method !== "POST") return done();
    const q = req.url.indexOf("?");
    if (!FUND_TRADE_PATHS.has(q < 0 ? req.url : req.url.slice(0, q))) return done();
    if (deps.claimsApiKey(req) || envOf(req) === "paper") return done();
    const s = deps.accounts.sessionOf(req);
    // no live session: the route answers as it always did
    if ("id" in s) deps.fund.requireForTrade(s.userId, s.id);
    done();
  });
}
