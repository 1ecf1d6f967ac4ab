/** Bitget v2 mix market endpoints (docs/decisions/310, 311): public, unsigned. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { EX_CODES } from "../../../protocol/bitget.ts";
import { KLINE_TYPES, MIX, MIX_STATS } from "../../../protocol/mix.ts";
import { GatewayError, ok } from "../../envelope.ts";
import { formatScaled } from "../../exchange/decimal.ts";
import { granularity, shown } from "../../exchange/fields.ts";
import { lots, price, units } from "../../exchange/format.ts";
import { mergeDepthQuery, publicFills, qInt, qString, queryEnumOf, type Query } from "../../exchange/routes/query.ts";
import { mergedLevels, type Level } from "../../exchange/market/depth.ts";
import type { RateLimiter } from "../../exchange/routes/rate-limit.ts";
import type { Candle } from "../../exchange/market/candles.ts";
import { CONTRACTS, type Contract } from "../contracts.ts";
import { contractJson, currentFundingJson, ppm, tickerJson } from "../format.ts";
import type { Futures } from "../futures.ts";
import { statPeriod } from "../../exchange/market/stat-series.ts";
import { FuturesStatistics, ratio, share, type Holdings } from "../statistics.ts";
import { publicEnv, qContract, qProductType } from "./query.ts";

const PUBLIC_PER_SECOND = 20;

export interface FuturesRouteDeps {
  futures: Futures;
  limiter: RateLimiter;
}

/** The contracts a list endpoint answers for: every USDT-M perpetual, none of the other products. */
function listed(q: Query): readonly Contract[] {
  return qProductType(q) === "USDT-FUTURES" ? CONTRACTS : [];
}

export function publicFuturesRoutes(app: FastifyInstance, deps: FuturesRouteDeps): void {
  const fx = deps.futures;
  app.addHook("onRequest", (req, _reply, done) => {
    if (req.url.startsWith("/api/v2/mix/market/")) deps.limiter.take(`ip:${req.ip}:${req.routeOptions.url}`, PUBLIC_PER_SECOND);
    done();
  });

  app.get(MIX.contracts, async (req) => {
    const q = req.query as Query;
    const list = qString(q, "symbol", false, 32) === undefined ? listed(q) : [qContract(q)];
    return ok(list.map((c) => contractJson(c, fx.config.fundingIntervalMs)));
  });

  app.get(MIX.tickers, async (req) => {
    const q = req.query as Query;
    const now = Date.now();
    return ok(listed(q).map((c) => tickerJson(fx, publicEnv(req), c, now)));
  });

  app.get(MIX.ticker, async (req) => ok([tickerJson(fx, publicEnv(req), qContract(req.query as Query), Date.now())]));

  app.get(MIX.mergeDepth, async (req) => {
    const q = req.query as Query;
    const c = qContract(q);
    const { n, step, precision } = mergeDepthQuery(q);
    const { asks, bids } = mergedLevels(fx.market.book(publicEnv(req), c.symbol), n, step);
    // Bitget's mix depth carries numbers, not strings
    const numbers = (levels: Level[]) => levels.map(([p, s]) => [Number(price(c.inst, p)), Number(lots(c.inst, s))]);
    return ok({
      asks: numbers(asks),
      bids: numbers(bids),
      ts: String(Date.now()),
      scale: formatScaled(10 ** step, c.inst.pricePrecision),
      precision,
      isMaxPrecision: step === 0 ? "YES" : "NO",
    });
  });

  const row = (c: Contract, k: Candle) => {
    const quote = formatScaled(BigInt(Math.round(k.q)), 2);
    return [String(k.ts), price(c.inst, k.o), price(c.inst, k.h), price(c.inst, k.l), price(c.inst, k.c), lots(c.inst, k.v), quote];
  };
  const candles = (max: number, fixed?: (typeof KLINE_TYPES)[number]) => async (req: FastifyRequest) => {
    const q = req.query as Query;
    const c = qContract(q);
    const text = qString(q, "granularity", true) as string;
    const g = granularity(text);
    if (!g) throw new GatewayError(EX_CODES.paramInvalid, `Parameter granularity is invalid: ${shown(text)}`);
    const n = qInt(q, "limit", { min: 1, max, def: 100, clamp: true }) as number;
    const end = qInt(q, "endTime", { min: 0, max: 9e15 }) ?? Date.now();
    const start = qInt(q, "startTime", { min: 0, max: 9e15 }) ?? 0;
    if (start > end) throw new GatewayError(EX_CODES.paramInvalid, "Parameter startTime must not be after endTime");
    const kind = fixed ?? queryEnumOf(q, KLINE_TYPES, "kLineType", "MARKET");
    const store = kind === "MARK" ? fx.market.markCandles : kind === "INDEX" ? fx.exchange.market.candles : fx.market.candles;
    return ok(store.query(c.symbol, g, end, n, start).map((k) => row(c, k)));
  };
  app.get(MIX.candles, candles(1000));
  app.get(MIX.historyCandles, candles(200, "MARKET"));
  app.get(MIX.historyIndexCandles, candles(200, "INDEX"));
  app.get(MIX.historyMarkCandles, candles(200, "MARK"));

  const fills = (history: boolean) => async (req: FastifyRequest) => {
    const q = req.query as Query;
    const c = qContract(q);
    return ok(publicFills(fx.market.tape(publicEnv(req), c.symbol), c.inst, q, history, 100));
  };
  app.get(MIX.fills, fills(false));
  app.get(MIX.fillsHistory, fills(true));

  app.get(MIX.currentFundRate, async (req) => {
    const q = req.query as Query;
    const env = publicEnv(req);
    const list = qString(q, "symbol", false, 32) === undefined ? listed(q) : [qContract(q)];
    return ok(list.map((c) => currentFundingJson(fx, env, c)));
  });

  app.get(MIX.historyFundRate, async (req) => {
    const q = req.query as Query;
    const c = qContract(q);
    const pageSize = qInt(q, "pageSize", { min: 1, max: 100, def: 20, clamp: true }) as number;
    const pageNo = qInt(q, "pageNo", { min: 1, max: 1_000_000, def: 1 }) as number;
    const rows = fx.store.funding(publicEnv(req), c.symbol, pageSize, pageNo);
    return ok(rows.map((r) => ({ symbol: r.symbol, fundingRate: ppm(r.ratePpm), fundingTime: String(r.fundingTime) })));
  });

  app.get(MIX.fundingTime, async (req) => {
    const c = qContract(req.query as Query);
    const hours = String(Math.max(1, Math.round(fx.config.fundingIntervalMs / 3_600_000)));
    return ok([{ symbol: c.symbol, nextFundingTime: String(fx.market.fundingTime), ratePeriod: hours }]);
  });

  app.get(MIX.symbolPrice, async (req) => {
    const c = qContract(req.query as Query);
    const env = publicEnv(req);
    const s = fx.market.price(env, c.symbol);
    return ok([
      {
        symbol: c.symbol,
        price: price(c.inst, fx.market.last(env, c.symbol)),
        indexPrice: price(c.inst, s.index),
        markPrice: price(c.inst, s.mark),
        ts: String(Date.now()),
      },
    ]);
  });

  app.get(MIX.openInterest, async (req) => {
    const c = qContract(req.query as Query);
    return ok({
      openInterestList: [{ symbol: c.symbol, size: lots(c.inst, fx.openInterest(publicEnv(req), c.symbol)) }],
      ts: String(Date.now()),
    });
  });

  app.get(MIX.queryPositionLever, async (req) => {
    const c = qContract(req.query as Query);
    return ok(
      c.tiers.map((t) => ({
        symbol: c.symbol,
        level: String(t.level),
        startUnit: String(t.minNotional),
        endUnit: String(t.maxNotional),
        leverage: String(t.maxLeverage),
        keepMarginRate: ppm(t.mmrPpm),
      })),
    );
  });

  // market statistics (docs/decisions/319): symbol and period; productType is not needed, as on Bitget
  const stats = new FuturesStatistics(fx);
  app.addHook("onClose", async () => stats.close());
  const statQuery = (req: FastifyRequest) => {
    const q = req.query as Query;
    const c = qContract(q, false);
    return { c, env: publicEnv(req), periodMs: statPeriod(qString(q, "period", false, 8)) };
  };
  app.get(MIX_STATS.takerBuySell, async (req) => {
    const { c, env, periodMs } = statQuery(req);
    return ok(
      stats.takerRows(env, c.symbol, periodMs).map((r) => ({
        buyVolume: lots(c.inst, r.value.buy),
        sellVolume: lots(c.inst, r.value.sell),
        ts: String(r.ts),
      })),
    );
  });
  // the three long/short ratios: Bitget's field names, and which holdings each one compares
  const ratios: Array<[string, [string, string, string], (h: Holdings) => [number, number]]> = [
    [MIX_STATS.positionLongShort, ["longPositionRatio", "shortPositionRatio", "longShortPositionRatio"], (h) => [h.long, h.short]],
    [MIX_STATS.longShort, ["longRatio", "shortRatio", "longShortRatio"], (h) => [h.long, h.short]],
    [
      MIX_STATS.accountLongShort,
      ["longAccountRatio", "shortAccountRatio", "longShortAccountRatio"],
      (h) => [h.longAccounts, h.shortAccounts],
    ],
  ];
  for (const [path, [longName, shortName, ratioName], pick] of ratios)
    app.get(path, async (req) => {
      const { c, env, periodMs } = statQuery(req);
      return ok(
        stats.holdingRows(env, c.symbol, periodMs).map(({ ts, value }) => {
          const [long, short] = pick(value);
          return { [longName]: share(long, short), [shortName]: share(short, long), [ratioName]: ratio(long, short), ts: String(ts) };
        }),
      );
    });

  app.get(MIX.protectionFund, async (req) => {
    qProductType(req.query as Query, false);
    return ok({
      productType: "USDT-FUTURES",
      marginCoin: "USDT",
      balance: units(fx.svc.protectionFund(publicEnv(req))),
      ts: String(Date.now()),
    });
  });
}
