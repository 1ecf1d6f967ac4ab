/**
 * Bitget v2 futures copy-trading endpoints (docs/decisions/356): a lead's application, profit-share
 * rate and tracks; a follower's settings (which follow a trader), copies, traders and unfollow.
 * Only USDT-M futures copy (`productType` USDT-FUTURES, or its demo name under `paptrading: 1`).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { COPY_PATHS } from "../../protocol/copy.ts";
import { GatewayError, ok } from "../envelope.ts";
import { formatScaled, parseScaled } from "../exchange/decimal.ts";
import { decimal, isAbsent, optional, parseFields, shown, text } from "../exchange/fields.ts";
import { price, units } from "../exchange/format.ts";
import type { ExchangeRouteDeps } from "../exchange/routes/private-route.ts";
import { qString, qTimeWindow, type Query } from "../exchange/routes/query.ts";
import type { Env } from "../exchange/engine/types.ts";
import { contract } from "../futures/contracts.ts";
import type { Futures } from "../futures/futures.ts";
import { futuresRoute, productTypeOf } from "../futures/routes/query.ts";
import {
  followOf,
  leadRoutes,
  listOf as list,
  openPage,
  PAIR_FIELDS,
  pager,
  positiveAmount as usdt,
  ratioPpm,
  settingsFields,
  str,
  symbolFilter as symbolOf,
  trackingNoOf,
  uniquePairs,
} from "./route-parts.ts";
import type { LeadNames } from "./names.ts";
import { COPY_CODES, PERCENT_RANGE, type CopyService, type PairSetting } from "./service.ts";
import type { CopyRecord, TrackRow } from "./store.ts";

const PairSchema = z.object({
  ...PAIR_FIELDS,
  productType: text(32),
  marginType: optional(text(16)),
  marginCoin: optional(text(16)),
  leverType: optional(text(16)),
  longLeverage: optional(text(8)),
  shortLeverage: optional(text(8)),
});
const SettingsSchema = z.object({
  ...settingsFields(PairSchema),
  /** This exchange's addition: the total loss (USDT) at which the follow stops and its copies close. */
  totalLossLimit: optional(decimal),
});
const CloseSchema = z.object({
  productType: text(32),
  trackingNo: optional(text(32)),
  symbol: optional(text(32)),
  marginCoin: optional(text(16)),
  marginMode: optional(text(16)),
  holdSide: optional(text(8)),
});
const CancelSchema = z.object({
  traderId: text(64),
  /** This exchange's addition: `yes` closes the copies at market, `no` (the default) keeps them as the follower's own positions. */
  closePositions: optional(text(8)),
});

/** Only USDT-M futures copy: the other product types are Bitget's "contract product does not support copying". */
function requireUsdtM(value: unknown, required: boolean): void {
  const pt = productTypeOf(value, required);
  if (pt !== undefined && pt !== "USDT-FUTURES")
    throw new GatewayError("40609", `The contract product does not support copying: ${shown(value)}`);
}

/** What a close-positions body names: a track, a symbol, a side (each optional). */
function closeFilter(b: z.infer<typeof CloseSchema>) {
  requireUsdtM(b.productType, true);
  let trackingNo: number | undefined;
  if (!isAbsent(b.trackingNo)) trackingNo = trackingNoOf(b.trackingNo, "Parameter trackingNo is invalid");
  let symbol: string | undefined;
  if (!isAbsent(b.symbol)) {
    const c = contract(b.symbol);
    if (!c) throw new GatewayError(COPY_CODES.paramInvalid, `Parameter symbol is invalid: ${shown(b.symbol)}`);
    symbol = c.symbol;
  }
  const side = isAbsent(b.holdSide) ? undefined : b.holdSide.toLowerCase();
  if (side !== undefined && side !== "long" && side !== "short")
    throw new GatewayError(COPY_CODES.paramInvalid, "Parameter holdSide must be long or short");
  return { trackingNo, symbol, holdSide: side as "long" | "short" | undefined };
}

function pairOf(p: z.infer<typeof PairSchema>): PairSetting {
  requireUsdtM(p.productType, true);
  const c = contract(p.symbol);
  if (!c) throw new GatewayError(COPY_CODES.paramInvalid, `Parameter symbol is invalid: ${shown(p.symbol)}`);
  const type = p.traceType.toLowerCase();
  const maxPerOrder = isAbsent(p.maxHoldSize) ? 0n : usdt(p.maxHoldSize, "maxHoldSize");
  const tpsl = { ...copyTpsl(p.stopSurplusRatio, "stopSurplusRatio", 10), ...copyTpsl(p.stopLossRatio, "stopLossRatio", 1) };
  if (type === "percent") {
    // the percentage of the lead's size: "50" copies half of it
    const pct = /^\d{1,4}(\.\d{1,2})?$/.test(p.traceValue) ? Number(parseScaled(p.traceValue, 4)) : NaN;
    if (!(pct >= PERCENT_RANGE.min && pct <= PERCENT_RANGE.max))
      throw new GatewayError(COPY_CODES.paramInvalid, "Parameter traceValue must be a percentage from 1 to 1000");
    return { symbol: c.symbol, traceType: "percent", ratioPpm: pct, amount: 0n, maxPerOrder, ...tpsl };
  }
  if (type === "amount")
    return { symbol: c.symbol, traceType: "amount", ratioPpm: 0, amount: usdt(p.traceValue, "traceValue"), maxPerOrder, ...tpsl };
  throw new GatewayError(COPY_CODES.paramInvalid, `Parameter traceType is invalid: ${shown(p.traceType)} (percent or amount)`);
}

/** A copy's take-profit or stop-loss ratio of its margin ("0.5" = 50 %), above 0 and at most `max`; absent or "": none. */
function copyTpsl(v: string | undefined, name: "stopSurplusRatio" | "stopLossRatio", max: number): Partial<PairSetting> {
  if (isAbsent(v)) return {};
  const ppm = ratioPpm(v, name);
  if (!(ppm > 0 && ppm <= max * 1_000_000))
    throw new GatewayError(COPY_CODES.paramInvalid, `Parameter ${name} must be a ratio above 0 and at most ${max}`);
  return name === "stopSurplusRatio" ? { tpPpm: ppm } : { slPpm: ppm };
}

/** A track's average price in ticks, as text. */
function avg(symbol: string, value: bigint, size: number): string {
  const c = contract(symbol);
  if (!c || size <= 0) return "0";
  return price(c.inst, Number(value / (BigInt(size) * c.inst.quoteUnitsPerTickLot)));
}

export function leadCurrentJson(t: TrackRow, followCount: number) {
  return {
    trackingNo: str(t.id),
    openOrderId: t.openOrderId,
    symbol: t.symbol,
    posSide: t.holdSide,
    openLeverage: str(t.leverage),
    openPriceAvg: avg(t.symbol, t.openValue, t.openedSize),
    openTime: str(t.openTime),
    openSize: sizeText(t.symbol, t.size),
    presetStopSurplusPrice: "",
    presetStopLossPrice: "",
    openFee: units(t.openFee),
    followCount: str(followCount),
  };
}

function sizeText(symbol: string, lots: number): string {
  const c = contract(symbol);
  return c ? formatScaled(lots, c.inst.quantityPrecision) : str(lots);
}

export function historyJson(t: TrackRow) {
  return {
    trackingNo: str(t.id),
    symbol: t.symbol,
    openOrderId: t.openOrderId,
    closeOrderId: t.closeOrderId,
    productType: "USDT-FUTURES",
    posSide: t.holdSide,
    openLeverage: str(t.leverage),
    openPriceAvg: avg(t.symbol, t.openValue, t.openedSize),
    openTime: str(t.openTime),
    openSize: sizeText(t.symbol, t.openedSize),
    closeSize: sizeText(t.symbol, t.closedSize),
    closeTime: str(t.closeTime),
    closePriceAvg: avg(t.symbol, t.closeValue, t.closedSize),
    stopType: t.status === "detached" ? "detached" : "",
    achievedPL: units(t.realised),
    openFee: units(t.openFee),
    closeFee: units(t.closeFee),
    cTime: str(t.openTime),
  };
}

function followerCurrentJson(t: TrackRow, nameOf: (id: string) => string) {
  return {
    trackingNo: str(t.id),
    traderId: t.leadId,
    traderName: nameOf(t.leadId),
    openOrderId: t.openOrderId,
    closeOrderId: t.closeOrderId,
    symbol: t.symbol,
    posSide: t.holdSide,
    openLeverage: str(t.leverage),
    openAvgPrice: avg(t.symbol, t.openValue, t.openedSize),
    openTime: str(t.openTime),
    openSize: sizeText(t.symbol, t.size),
    closeAvgPrice: avg(t.symbol, t.closeValue, t.closedSize),
    closeSize: sizeText(t.symbol, t.closedSize),
    openMarginSz: units(t.leverage > 0 ? t.cost / BigInt(t.leverage) : t.cost),
    closeTime: t.closeTime ? str(t.closeTime) : "",
  };
}

function followerHistoryJson(t: TrackRow, nameOf: (id: string) => string) {
  const net = t.realised - t.openFee - t.closeFee - t.shared;
  return {
    ...historyJson(t),
    traderId: t.leadId,
    traderName: nameOf(t.leadId),
    netProfit: units(net),
    profitShare: units(t.shared),
    profitRate: t.openValue > 0n ? formatScaled((net * 10_000n) / t.openValue, 4) : "0",
  };
}

/** One copy that paid its lead a profit share (`profit-history-details`; `trackingNo` on are this exchange's additions). */
function profitJson(t: TrackRow, nameOf: (id: string) => string) {
  return {
    profitId: str(t.id),
    coin: "USDT",
    profit: units(t.shared),
    nickName: nameOf(t.userId),
    profitTime: str(t.closeTime),
    trackingNo: str(t.id),
    followerUid: t.userId,
    symbol: t.symbol,
    posSide: t.holdSide,
    openPriceAvg: avg(t.symbol, t.openValue, t.openedSize),
    closePriceAvg: avg(t.symbol, t.closeValue, t.closedSize),
    closeSize: sizeText(t.symbol, t.closedSize),
    openTime: str(t.openTime),
  };
}

function recordJson(r: CopyRecord) {
  return {
    id: str(r.id),
    traderId: r.leadId,
    traderOrderId: r.leadOrderId,
    symbol: r.symbol,
    posSide: r.holdSide,
    action: r.action,
    size: sizeText(r.symbol, r.size),
    orderId: r.orderId,
    status: r.status,
    code: r.code,
    msg: r.reason,
    cTime: str(r.ts),
  };
}

export function copyRoutes(
  app: FastifyInstance,
  deps: Pick<ExchangeRouteDeps, "auth" | "limiter"> & { copy: CopyService; futures: Futures; names: LeadNames },
): void {
  const route = futuresRoute(app, deps);
  const nameOf = (id: string) => deps.names.nameOf(id);
  const svc = deps.copy;
  const page = pager(100);
  const symbolFilter = (q: Query) => symbolOf(q, (s) => contract(s)?.symbol);
  /** A statement page's filters: cursor and limit, the close-time window (startTime after endTime: 40017), the pair. */
  const history = (q: Query, env: Env, userId: string) => {
    const { start, end } = qTimeWindow(q);
    const symbol = symbolFilter(q);
    return { ...page(q, env, userId), start, end, ...(symbol === undefined ? {} : { symbol }) };
  };

  // ---- the lead ----
  leadRoutes(route, svc, { apply: COPY_PATHS.traderApply, share: COPY_PATHS.traderProfitShare }, deps.names);

  route("GET", COPY_PATHS.traderCurrentTrack, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    requireUsdtM(q.productType, true);
    svc.requireLead(env, p.userId);
    const symbol = symbolFilter(q);
    const pg = page(q, env, p.userId);
    const count = svc.followCount(env, p.userId);
    const rows = openPage(svc.openLeadTracks(env, p.userId), pg, symbol);
    return ok(
      list(
        rows.map((t) => leadCurrentJson(t, count)),
        "trackingList",
      ),
    );
  });

  route("GET", COPY_PATHS.traderHistoryTrack, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    requireUsdtM(q.productType, true);
    svc.requireLead(env, p.userId);
    const rows = svc.trackHistory({ ...history(q, env, p.userId), by: "user", role: "lead", statuses: ["closed"] });
    return ok(list(rows.map(historyJson), "trackingList"));
  });

  // the lead's profit share, one row per copy that paid one (Bitget's settled distributions; coin USDT)
  route("GET", COPY_PATHS.traderProfitHistory, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    svc.requireLead(env, p.userId);
    const coin = qString(q, "coin", false, 16);
    const h = history(q, env, p.userId);
    const rows =
      coin === undefined || coin.toUpperCase() === "USDT"
        ? svc.trackHistory({ ...h, by: "lead", role: "follow", statuses: ["closed", "detached"], paid: true })
        : [];
    return ok({ profitList: rows.map((t) => profitJson(t, nameOf)), endId: rows.length ? str(rows[rows.length - 1]!.id) : "" });
  });

  route("POST", COPY_PATHS.traderClosePositions, 5, true, async (req, p, env) => {
    const b = parseFields(CloseSchema, req.body);
    const done = svc.leadClose(env, p.userId, closeFilter(b));
    return ok(done.map((d) => ({ trackingNo: str(d.track.id), symbol: d.track.symbol, posSide: d.track.holdSide, orderId: d.orderId })));
  });

  route("GET", COPY_PATHS.traderFollowers, 10, false, async (_req, p, env) => {
    svc.requireLead(env, p.userId);
    return ok(
      svc.followersOf(env, p.userId).map((f) => ({
        followerUid: f.followerId,
        followerName: nameOf(f.followerId),
        followerHeadPic: "",
        followerTime: str(f.createdAt),
        accountEquity: "",
        isRemove: "no",
      })),
    );
  });

  // ---- the follower ----
  route("POST", COPY_PATHS.followerSettings, 5, true, async (req, p, env) => {
    const b = parseFields(SettingsSchema, req.body);
    const pairs = uniquePairs(b.settings.map(pairOf));
    const limit = isAbsent(b.totalLossLimit) ? 0n : usdt(b.totalLossLimit, "totalLossLimit");
    svc.follow(env, p.userId, b.traderId, pairs, limit);
    return ok("success");
  });

  route("GET", COPY_PATHS.followerQuerySettings, 10, false, async (req, p, env) => {
    const f = followOf(svc.followsOf(env, p.userId), req.query as Query);
    return ok({
      followerEnable: "YES",
      totalLossLimit: units(f.lossLimit),
      detailList: svc.pairsOf(f).map((x) => ({
        symbol: x.symbol,
        productType: "USDT-FUTURES",
        marginType: "trader",
        marginCoin: "USDT",
        leverType: "position",
        longLeverage: "",
        shortLeverage: "",
        traceType: x.traceType,
        traceValue: x.traceType === "percent" ? formatScaled(x.ratioPpm, 4) : units(x.amount),
        maxHoldSize: x.maxPerOrder > 0n ? units(x.maxPerOrder) : "",
        stopSurplusRatio: x.tpPpm ? formatScaled(x.tpPpm, 6) : "",
        stopLossRatio: x.slPpm ? formatScaled(x.slPpm, 6) : "",
      })),
    });
  });

  route("GET", COPY_PATHS.followerCurrentOrders, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    requireUsdtM(q.productType, true);
    const symbol = symbolFilter(q);
    const traderId = qString(q, "traderId", false, 64);
    const pg = page(q, env, p.userId);
    const rows = openPage(svc.openCopies(env, p.userId), pg, symbol, traderId);
    return ok(
      list(
        rows.map((t) => followerCurrentJson(t, nameOf)),
        "trackingList",
      ),
    );
  });

  route("GET", COPY_PATHS.followerHistoryOrders, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    requireUsdtM(q.productType, true);
    const traderId = qString(q, "traderId", false, 64);
    const rows = svc.trackHistory({
      ...history(q, env, p.userId),
      by: "user",
      role: "follow",
      statuses: ["closed", "detached"],
      ...(traderId === undefined ? {} : { leadId: traderId }),
    });
    return ok(
      list(
        rows.map((t) => followerHistoryJson(t, nameOf)),
        "trackingList",
      ),
    );
  });

  route("GET", COPY_PATHS.followerTraders, 10, false, async (_req, p, env) =>
    ok(
      svc.followsOf(env, p.userId).map((f) => ({
        certificationType: "",
        traderId: f.leadId,
        traderName: nameOf(f.leadId),
        maxFollowLimit: "",
        followCount: str(svc.followCount(env, f.leadId)),
        traceTotalMarginAmount: "",
        traceTotalNetProfit: units(f.net),
        traceTotalProfit: units(f.net),
        currentTradingPairs: svc.pairsOf(f).map((x) => x.symbol),
        followerTime: str(f.createdAt),
        bgbMaxFollowLimit: "",
        bgbFollowCount: "",
      })),
    ),
  );

  route("POST", COPY_PATHS.followerClosePositions, 5, true, async (req, p, env) => {
    const b = parseFields(CloseSchema, req.body);
    const done = svc.followerClose(env, p.userId, closeFilter(b));
    return ok(done.map((t) => ({ trackingNo: str(t.id), symbol: t.symbol, posSide: t.holdSide, closeOrderId: t.closeOrderId })));
  });

  route("POST", COPY_PATHS.followerCancelTrader, 5, true, async (req, p, env) => {
    const b = parseFields(CancelSchema, req.body);
    const close = isAbsent(b.closePositions) ? "no" : b.closePositions.toLowerCase();
    if (close !== "yes" && close !== "no") throw new GatewayError(COPY_CODES.paramInvalid, "Parameter closePositions must be yes or no");
    svc.unfollow(env, p.userId, b.traderId, close === "yes");
    return ok("success");
  });

  route("GET", COPY_PATHS.followerCopyRecords, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    return ok(
      list(
        svc.records(page(q, env, p.userId)).map((r) => ({ ...recordJson(r), traderName: nameOf(r.leadId) })),
        "recordList",
      ),
    );
  });
}
