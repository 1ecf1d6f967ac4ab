/**
 * The convert area's HTTP (docs/decisions/334): Bitget's v2 `convert/currencies`,
 * `convert/quoted-price`, `convert/trade` and `convert/convert-record`. Reads need the key's read
 * permission, the trade its trade permission; `paptrading: 1` converts in the simulation account.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { EX_CODES } from "../../protocol/bitget.ts";
import { CONVERT_PATHS, CONVERT_RECORD_LIMIT, CONVERT_RECORD_WINDOW_MS } from "../../protocol/convert.ts";
import { GatewayError, ok } from "../envelope.ts";
import { formatScaled } from "../exchange/decimal.ts";
import { decimal, parseFields, text } from "../exchange/fields.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";
import { privateRoute, sourceOf, type ExchangeRouteDeps } from "../exchange/routes/private-route.ts";
import { qIdCursor, qInt, qString, type Query } from "../exchange/routes/query.ts";
import type { ConvertService } from "./service.ts";
import type { ConvertRecord } from "./store.ts";

const TradeSchema = z.object({
  traceId: text(32),
  fromCoin: text(16),
  toCoin: text(16),
  fromCoinSize: decimal,
  toCoinSize: decimal,
  cnvtPrice: decimal,
});

const amount = (v: bigint) => formatScaled(v, LEDGER_SCALE);

function recordJson(r: ConvertRecord) {
  return {
    id: String(r.id),
    ts: String(r.ts),
    cnvtPrice: r.price,
    fee: amount(r.fee),
    fromCoinSize: amount(r.fromSize),
    fromCoin: r.fromCoin,
    toCoinSize: amount(r.toSize),
    toCoin: r.toCoin,
  };
}

/** A size of the quote's query: Bitget's name, or the short one its own request example sends (`fromCoinSz`). */
function qSize(q: Query, name: string, short: string): string | undefined {
  const a = qString(q, name, false, 40);
  const b = qString(q, short, false, 40);
  if (a !== undefined && b !== undefined && a !== b)
    throw new GatewayError(EX_CODES.paramInvalid, `Parameters ${name} and ${short} differ`);
  return a ?? b;
}

export function convertRoutes(app: FastifyInstance, deps: Pick<ExchangeRouteDeps, "auth" | "limiter"> & { convert: ConvertService }): void {
  const route = privateRoute(app, deps);
  const svc = deps.convert;

  route("GET", CONVERT_PATHS.currencies, 10, false, async (_req, p, env) => ok(await svc.currencies(env, p.userId)));

  route("GET", CONVERT_PATHS.quotedPrice, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    return ok(
      await svc.quote(env, p.userId, {
        fromCoin: qString(q, "fromCoin", true, 16) as string,
        toCoin: qString(q, "toCoin", true, 16) as string,
        fromCoinSize: qSize(q, "fromCoinSize", "fromCoinSz"),
        toCoinSize: qSize(q, "toCoinSize", "toCoinSz"),
      }),
    );
  });

  route("POST", CONVERT_PATHS.trade, 10, true, async (req, p, env) => {
    const body = parseFields(TradeSchema, req.body);
    const { record } = await svc.trade(env, p.userId, body, sourceOf(p));
    return ok({ ts: String(record.ts), cnvtPrice: record.price, toCoin: record.toCoin, toCoinSize: amount(record.toSize) });
  });

  route("GET", CONVERT_PATHS.record, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const start = qInt(q, "startTime", { min: 0, max: 9e15 });
    const end = qInt(q, "endTime", { min: 0, max: 9e15 });
    if (start === undefined) throw new GatewayError(EX_CODES.paramEmpty, "Parameter startTime cannot be empty");
    if (end === undefined) throw new GatewayError(EX_CODES.paramEmpty, "Parameter endTime cannot be empty");
    if (start > end) throw new GatewayError(EX_CODES.paramInvalid, "Parameter startTime must not be after endTime");
    if (end - start > CONVERT_RECORD_WINDOW_MS)
      throw new GatewayError(EX_CODES.paramInvalid, "The interval between startTime and endTime must not exceed 90 days");
    const before = qIdCursor(q);
    const rows = svc.records({
      env,
      userId: p.userId,
      start,
      end,
      before: before.length > 16 ? Number.MAX_SAFE_INTEGER : Math.min(Number(before), Number.MAX_SAFE_INTEGER),
      limit: qInt(q, "limit", { min: 1, max: CONVERT_RECORD_LIMIT.max, def: CONVERT_RECORD_LIMIT.def, clamp: true }) as number,
    });
    const last = rows[rows.length - 1];
    return ok({ dataList: rows.map(recordJson), endId: last ? String(last.id) : "" });
  });
}
