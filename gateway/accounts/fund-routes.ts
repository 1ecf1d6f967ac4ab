import type { FastifyInstance } from "fastify";
import { FUND_PATHS } from "../../protocol/fund.ts";
import { ok } from "../envelope.ts";
import type { FundService } from "./fund-service.ts";

/** The fund password over HTTP (docs/decisions/350): signed web-session calls whose secrets come sealed. */
export function fundRoutes(app: FastifyInstance, fund: FundService): void {
  app.post(FUND_PATHS.set, async (req) => ok(await fund.set(req)));
  app.post(FUND_PATHS.change, async (req) => ok(await fund.change(req)));
  app.post(FUND_PATHS.reset, async (req) => ok(await fund.reset(req)));
  app.post(FUND_PATHS.tradeMode, async (req) => ok(await fund.setTradeMode(req)));
  app.post(FUND_PATHS.tradeVerify, async (req) => ok(await fund.tradeVerify(req)));
}
