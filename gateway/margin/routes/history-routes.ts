/** Margin history endpoints, crossed and isolated (docs/decisions/320): borrow, repay, interest, liquidation and financial records. */
import { MARGIN_RECORD_TYPES } from "../../../protocol/margin.ts";
import { ok } from "../../envelope.ts";
import { qString, queryEnumOf, type Query } from "../../exchange/routes/query.ts";
import { borrowJson, financialJson, interestJson, liquidationJson, repayJson } from "../format.ts";
import { coinOf, windowOf, type ModeContext } from "./fields.ts";

export function historyRoutes(ctx: ModeContext): void {
  const { route, m, mode, isolated, refOf, qsym, P } = ctx;

  const history = (url: string, kinds: readonly string[], json: (r: Parameters<typeof borrowJson>[0]) => unknown, coinFilter = true) =>
    route("GET", url, 10, false, async (req, p, env) => {
      const q = req.query as Query;
      const sym = qsym(req);
      const ref = refOf(p, sym);
      const w = windowOf(q);
      const marginType = url === P.financialRecords ? queryEnumOf(q, MARGIN_RECORD_TYPES, "marginType") : undefined;
      const rows = m.store.records({
        env,
        userId: p.userId,
        mode,
        symbol: isolated ? ref.symbol : null,
        kinds: marginType ? [marginType] : kinds,
        coin: coinFilter ? (coinOf(qString(q, "coin", false, 16), false) ?? null) : null,
        ...w,
      });
      const resultList = rows.map(json);
      return ok({ resultList, maxId: rows[0] ? String(rows[0].id) : "", minId: rows.length ? String(rows[rows.length - 1]!.id) : "" });
    });
  history(P.borrowHistory, ["borrow"], borrowJson);
  history(P.repayHistory, ["repay"], repayJson);
  history(P.interestHistory, ["interest"], interestJson);
  history(P.liquidationHistory, ["liquidation"], liquidationJson, false);
  history(P.financialRecords, MARGIN_RECORD_TYPES, financialJson);
}
