/** Bitget v2 public and market endpoints. */
import { advertisedRatios } from "../../../protocol/price-protection.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { EX_CODES, V2 } from "../../../protocol/bitget.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { formatScaled } from "../decimal.ts";
import { INSTRUMENTS, LEDGER_SCALE, type Instrument } from "../instruments.ts";
import { resolveInstrument } from "../order-request.ts";
import type { ExchangeRouteDeps } from "./private-route.ts";
import { envOf } from "./auth.ts";
import { lots, price } from "../format.ts";
import { granularity, shown } from "../fields.ts";
import { mergeDepthQuery, publicFills, qInt, qString, type Query } from "./query.ts";

const PUBLIC_PER_SECOND = 20;

function symbolOf(q: Query): Instrument {
  const s = qString(q, "symbol", true, 32) as string;
  try {
    return resolveInstrument(s);
  } catch {
    throw new GatewayError(EX_CODES.paramNotExist, `Parameter ${s} does not exist`);
  }
}

function cents(c: number): string {
  return formatScaled(BigInt(Math.round(c)), 2);
}

/** The trading rules Bitget repeats in its symbol and margin-currency entries, in its field order. */
/** The trading rules of a pair as Bitget lists them (spot symbols and margin currencies). */
export function tradeRules(inst: Instrument) {
  return {
    minTradeAmount: lots(inst, inst.minLots),
    maxTradeAmount: lots(inst, inst.maxLots),
    takerFeeRate: "0.001",
    makerFeeRate: "0.001",
    pricePrecision: String(inst.pricePrecision),
    quantityPrecision: String(inst.quantityPrecision),
  };
}

export function symbolJson(inst: Instrument) {
  return {
    symbol: inst.symbol,
    baseCoin: inst.baseCoin,
    quoteCoin: inst.quoteCoin,
    ...tradeRules(inst),
    quotePrecision: String(inst.quotePrecision),
    status: "online",
    minTradeUSDT: formatScaled(inst.minNotional, LEDGER_SCALE, 0),
    // the band the engine enforces (docs/decisions/340), from the one place it is written
    ...advertisedRatios(),
    areaSymbol: "no",
    orderQuantity: "200",
    openTime: "1532454360000",
    offTime: "",
  };
}

export function publicExchangeRoutes(app: FastifyInstance, deps: Pick<ExchangeRouteDeps, "exchange" | "limiter">): void {
  const ex = deps.exchange;
  const limit = (req: FastifyRequest) => deps.limiter.take(`ip:${req.ip}:${req.routeOptions.url}`, PUBLIC_PER_SECOND);
  app.addHook("onRequest", (req, _reply, done) => {
    if (req.url.startsWith("/api/v2/spot/market/") || req.url.startsWith("/api/v2/spot/public/") || req.url.startsWith("/api/v2/public/"))
      limit(req);
    done();
  });

  app.get(V2.time, async () => ok({ serverTime: String(Date.now()) }));

  app.get(V2.symbols, async (req) => {
    const q = req.query as Query;
    const s = qString(q, "symbol", false, 32);
    if (s === undefined) return ok(INSTRUMENTS.map(symbolJson));
    return ok([symbolJson(symbolOf(q))]);
  });

  app.get(V2.tickers, async (req) => {
    const q = req.query as Query;
    const env = envOf(req);
    const list = qString(q, "symbol") === undefined ? INSTRUMENTS : [symbolOf(q)];
    const now = Date.now();
    return ok(list.map((inst) => ex.ticker(env, inst, now)));
  });

  app.get(V2.orderbook, async (req) => {
    const q = req.query as Query;
    const inst = symbolOf(q);
    const type = (qString(q, "type") ?? "step0").toLowerCase();
    if (!/^step[0-5]$/.test(type)) throw new GatewayError(EX_CODES.paramInvalid, "Parameter type is invalid");
    const n = qInt(q, "limit", { min: 1, max: 150, def: 150, clamp: true }) as number;
    return ok(ex.depth(envOf(req), inst, n, Number(type.slice(4))));
  });

  app.get(V2.mergeDepth, async (req) => {
    const q = req.query as Query;
    const inst = symbolOf(q);
    const { n, step, precision } = mergeDepthQuery(q);
    const d = ex.depth(envOf(req), inst, n, step);
    return ok({ ...d, scale: formatScaled(10 ** step, inst.pricePrecision), precision, isMaxPrecision: step === 0 ? "YES" : "NO" });
  });

  const candles = (history: boolean) => async (req: FastifyRequest) => {
    const q = req.query as Query;
    const inst = symbolOf(q);
    const text = qString(q, "granularity", true) as string;
    const g = granularity(text);
    if (!g) throw new GatewayError(EX_CODES.paramInvalid, `Parameter granularity is invalid: ${shown(text)}`);
    const max = history ? 200 : 1000;
    const n = qInt(q, "limit", { min: 1, max, def: 100, clamp: true }) as number;
    const end = qInt(q, "endTime", { min: 0, max: 9e15 }) ?? Date.now();
    if (history && qString(q, "endTime") === undefined) throw new GatewayError(EX_CODES.paramEmpty, "Parameter endTime cannot be empty");
    const start = history ? 0 : (qInt(q, "startTime", { min: 0, max: 9e15 }) ?? 0);
    const rows = ex.market.candles.query(inst.symbol, g, end, n, start);
    return ok(
      rows.map((c) => {
        const q2 = cents(c.q);
        return [String(c.ts), price(inst, c.o), price(inst, c.h), price(inst, c.l), price(inst, c.c), lots(inst, c.v), q2, q2];
      }),
    );
  };
  app.get(V2.candles, candles(false));
  app.get(V2.historyCandles, candles(true));

  const fills = (history: boolean) => async (req: FastifyRequest) => {
    const q = req.query as Query;
    const inst = symbolOf(q);
    return ok(publicFills(ex.market.tape(envOf(req), inst.symbol), inst, q, history, 500));
  };
  app.get(V2.marketFills, fills(false));
  app.get(V2.marketFillsHistory, fills(true));
}
