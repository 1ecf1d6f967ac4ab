/** Bitget's public margin market statistics (docs/decisions/319): unsigned, read from the environment the caller names. */
import type { FastifyInstance } from "fastify";
import { EX_CODES, V2 } from "../../../protocol/bitget.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { shown } from "../../exchange/fields.ts";
import { ratio, statPeriod } from "../../exchange/market/stat-series.ts";
import { qString, type Query } from "../../exchange/routes/query.ts";
import { envOf } from "../../exchange/routes/auth.ts";
import type { Margin } from "../margin.ts";
import { MarginStatistics } from "../statistics.ts";

export function marginMarketRoutes(app: FastifyInstance, margin: Margin): void {
  const stats = new MarginStatistics(margin.svc);
  app.addHook("onClose", async () => stats.close());
  app.get(V2.marginLongShortRatio, async (req) => {
    const q = req.query as Query;
    const symbol = qString(q, "symbol", true, 32) as string;
    const inst = margin.svc.marginPairs().find((i) => i.symbol === symbol.toUpperCase());
    if (!inst) throw new GatewayError(EX_CODES.paramNotExist, `Parameter ${shown(symbol)} does not exist`);
    const periodMs = statPeriod(qString(q, "period", false, 8));
    return ok(
      stats.rows(envOf(req), inst, periodMs).map(({ ts, value }) => ({
        longShortRatio: ratio(Number(value.long), Number(value.short)),
        ts: String(ts),
      })),
    );
  });
}
