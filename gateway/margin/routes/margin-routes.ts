/**
 * Bitget v2 margin endpoints, crossed and isolated (docs/decisions/320): HTTP in, the margin
 * service, Bitget's envelope out. The two modes share every route; the isolated ones name their
 * pair with `symbol`.
 */
import type { FastifyInstance } from "fastify";
import { MARGIN_CROSSED, MARGIN_ISOLATED } from "../../../protocol/margin.ts";
import { accountRoutes, marginCurrencyRoute } from "./account-routes.ts";
import { modeContext, type MarginRouteDeps } from "./fields.ts";
import { historyRoutes } from "./history-routes.ts";
import { marginMarketRoutes } from "./market-routes.ts";
import { orderRoutes } from "./order-routes.ts";

export function marginRoutes(app: FastifyInstance, deps: MarginRouteDeps): void {
  marginCurrencyRoute(app, deps.margin);
  marginMarketRoutes(app, deps.margin);
  for (const [mode, paths] of [
    ["crossed", MARGIN_CROSSED],
    ["isolated", MARGIN_ISOLATED],
  ] as const) {
    const ctx = modeContext(app, deps, mode, paths);
    accountRoutes(ctx);
    orderRoutes(ctx);
    historyRoutes(ctx);
  }
}
