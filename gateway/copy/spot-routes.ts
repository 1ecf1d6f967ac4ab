/**
 * Bitget v2 spot copy-trading endpoints (docs/decisions/360): a spot lead's application, profit-share
 * rate, copied holdings and followers; a follower's settings, copies, traders, unfollow and records.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SPOT_COPY_PATHS } from "../../protocol/spot-copy.ts";
import { ok } from "../envelope.ts";
import { formatScaled, parseScaled } from "../exchange/decimal.ts";
import { isAbsent, parseFields, shown, text } from "../exchange/fields.ts";
import { price, units } from "../exchange/format.ts";
import { instrument } from "../exchange/instruments.ts";
import { privateRoute, type ExchangeRouteDeps } from "../exchange/routes/private-route.ts";
import { qString, type Query } from "../exchange/routes/query.ts";
import {
  bad,
  followOf,
  leadRoutes,
  listOf as list,
  openPage,
  PAIR_FIELDS,
  pager,
  positiveAmount as amount,
  settingsFields,
  str,
  symbolFilter as symbolOf,
  trackingNoOf,
  uniquePairs,
} from "./route-parts.ts";
import type { LeadNames } from "./names.ts";
import { SPOT_RATIO_RANGE, type SpotCopyService, type SpotPairSetting } from "./spot-service.ts";
import type { SpotCopyRecord, SpotTrackRow } from "./spot-store.ts";

const PairSchema = z.object(PAIR_FIELDS);
const SettingsSchema = z.object(settingsFields(PairSchema));
const CancelSchema = z.object({ traderId: text(64) });
const RemoveSchema = z.object({ followerUid: text(64) });
const StopSchema = z.object({ trackingNoList: z.array(text(32)).min(1).max(50) });
const CloseSchema = z.object({ symbol: text(32), trackingNoList: z.array(text(32)).min(1).max(50) });

/** What an order-close-tracking body names: one pair and up to 50 tracking numbers. */
function closeOf(b: z.infer<typeof CloseSchema>): { symbol: string; ids: number[] } {
  const inst = instrument(b.symbol.toUpperCase());
  if (!inst) throw bad(`Parameter symbol is invalid: ${shown(b.symbol)}`);
  return { symbol: inst.symbol, ids: trackingNos(b.trackingNoList) };
}

/** A list of tracking numbers. */
const trackingNos = (list: string[]) => list.map((x) => trackingNoOf(x, `Parameter trackingNoList is invalid: ${shown(x)}`));

function pairOf(p: z.infer<typeof PairSchema>): SpotPairSetting {
  const inst = instrument(p.symbol.toUpperCase());
  if (!inst) throw bad(`Parameter symbol is invalid: ${shown(p.symbol)}`);
  const tpsl = { ...percentOf(p.stopSurplusRatio, "stopSurplusRatio", 1000), ...percentOf(p.stopLossRatio, "stopLossRatio", 100) };
  const maxPerOrder = isAbsent(p.maxHoldSize) ? 0n : amount(p.maxHoldSize, "maxHoldSize");
  const type = p.traceType.toLowerCase();
  if (type === "percent") {
    // Bitget's spot percent: a multiple of the lead's amount, "1" the same, "0.5" half
    const ppm = /^\d{1,2}(\.\d{1,6})?$/.test(p.traceValue) ? Number(parseScaled(p.traceValue, 6)) : NaN;
    if (!(ppm >= SPOT_RATIO_RANGE.min && ppm <= SPOT_RATIO_RANGE.max)) throw bad("Parameter traceValue must be a multiple from 0.01 to 10");
    return { symbol: inst.symbol, traceType: "percent", ratioPpm: ppm, amount: 0n, maxPerOrder, ...tpsl };
  }
  if (type === "amount")
    return { symbol: inst.symbol, traceType: "amount", ratioPpm: 0, amount: amount(p.traceValue, "traceValue"), maxPerOrder, ...tpsl };
  throw bad(`Parameter traceType is invalid: ${shown(p.traceType)} (percent or amount)`);
}

/** Bitget's spot take-profit / stop-loss ratio: a positive whole percent ("10" = 10 %), at most `max`; absent or "": none. */
function percentOf(v: string | undefined, name: "stopSurplusRatio" | "stopLossRatio", max: number): Partial<SpotPairSetting> {
  if (isAbsent(v)) return {};
  const n = /^\d{1,4}$/.test(v) ? Number(v) : NaN;
  if (!(n >= 1 && n <= max)) throw bad(`Parameter ${name} must be a whole percentage from 1 to ${max}`);
  return name === "stopSurplusRatio" ? { tpPct: n } : { slPct: n };
}

/** Average price of `quote` for `base` ledger units of the pair's base coin, as text. */
function avg(symbol: string, quote: bigint, base: bigint): string {
  const inst = instrument(symbol);
  if (!inst || base <= 0n) return "0";
  const ticks = (quote * inst.baseUnitsPerLot) / (base * inst.quoteUnitsPerTickLot);
  return price(inst, Number(ticks));
}

function currentJson(t: SpotTrackRow) {
  return {
    trackingNo: str(t.id),
    traderId: t.leadId,
    symbol: t.symbol,
    buyOrderId: t.buyOrderId,
    fillSize: units(t.held),
    buyPrice: avg(t.symbol, t.buyQuote, t.bought + t.buyFee),
    buyFee: units(-t.buyFee),
    buyTime: str(t.openTime),
  };
}

function historyJson(t: SpotTrackRow) {
  const net = t.realised - t.shared;
  return {
    trackingNo: str(t.id),
    traderId: t.leadId,
    symbol: t.symbol,
    fillSize: units(t.sold),
    buyPrice: avg(t.symbol, t.buyQuote, t.bought + t.buyFee),
    sellPrice: avg(t.symbol, t.sellQuote, t.sold),
    buyFee: units(-t.buyFee),
    sellFee: units(-t.sellFee),
    achievedPL: units(t.realised),
    achievedPLR: t.buyQuote > 0n ? formatScaled((t.realised * 10_000n) / t.buyQuote, 2) : "0",
    buyTime: str(t.openTime),
    sellTime: str(t.closeTime),
    // this exchange's additions: the share paid (follower) and what is left; `detached` when kept at unfollow
    profitShare: units(t.shared),
    netProfit: units(net),
    stopType: t.status === "detached" ? "detached" : "",
  };
}

function recordJson(r: SpotCopyRecord) {
  const inst = instrument(r.symbol);
  return {
    id: str(r.id),
    traderId: r.leadId,
    traderOrderId: r.leadOrderId,
    symbol: r.symbol,
    side: r.side,
    size: inst ? formatScaled(r.size, inst.quantityPrecision) : str(r.size),
    orderId: r.orderId,
    status: r.status,
    code: r.code,
    msg: r.reason,
    cTime: str(r.ts),
  };
}

export function spotCopyRoutes(
  app: FastifyInstance,
  deps: Pick<ExchangeRouteDeps, "auth" | "limiter"> & { spotCopy: SpotCopyService; names: LeadNames },
): void {
  const route = privateRoute(app, deps);
  const svc = deps.spotCopy;
  const page = pager(50);
  const symbolFilter = (q: Query) => symbolOf(q, (s) => instrument(s.toUpperCase())?.symbol);

  // ---- the lead ----
  leadRoutes(route, svc, { apply: SPOT_COPY_PATHS.traderApply, share: SPOT_COPY_PATHS.traderProfitShare }, deps.names);

  route("GET", SPOT_COPY_PATHS.traderCurrentTrack, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    svc.requireLead(env, p.userId);
    const symbol = symbolFilter(q);
    const pg = page(q, env, p.userId);
    const count = svc.followCount(env, p.userId);
    const rows = openPage(svc.openLeadTracks(env, p.userId), pg, symbol);
    return ok(
      list(
        rows.map((t) => ({ ...currentJson(t), followCount: str(count) })),
        "trackingList",
      ),
    );
  });

  route("GET", SPOT_COPY_PATHS.traderHistoryTrack, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    svc.requireLead(env, p.userId);
    const symbol = symbolFilter(q);
    const rows = svc.tracks({ ...page(q, env, p.userId), symbol }, "lead", ["closed"]);
    return ok(list(rows.map(historyJson), "trackingList"));
  });

  route("GET", SPOT_COPY_PATHS.traderFollowers, 10, false, async (_req, p, env) => {
    svc.requireLead(env, p.userId);
    return ok(
      svc.followersOf(env, p.userId).map((f) => ({
        followerUid: f.followerId,
        followerName: deps.names.nameOf(f.followerId),
        followerTime: str(f.createdAt),
      })),
    );
  });

  route("POST", SPOT_COPY_PATHS.traderCloseTracking, 5, true, async (req, p, env) => {
    const c = closeOf(parseFields(CloseSchema, req.body));
    const done = await svc.leadSell(env, p.userId, c.symbol, c.ids);
    return ok(done.map((d) => ({ trackingNo: str(d.track.id), symbol: d.track.symbol, orderId: d.orderId })));
  });

  route("POST", SPOT_COPY_PATHS.traderRemoveFollower, 5, true, async (req, p, env) => {
    const b = parseFields(RemoveSchema, req.body);
    svc.removeFollower(env, p.userId, b.followerUid);
    return ok("success");
  });

  // ---- the follower ----
  route("POST", SPOT_COPY_PATHS.followerSettings, 5, true, async (req, p, env) => {
    const b = parseFields(SettingsSchema, req.body);
    const pairs = uniquePairs(b.settings.map(pairOf));
    svc.follow(env, p.userId, b.traderId, pairs);
    return ok("success");
  });

  route("GET", SPOT_COPY_PATHS.followerQuerySettings, 10, false, async (req, p, env) => {
    const f = followOf(svc.followsOf(env, p.userId), req.query as Query);
    return ok({
      enable: "YES",
      detailList: svc.pairsOf(f).map((x) => ({
        symbol: x.symbol,
        traceType: x.traceType,
        traceValue: x.traceType === "percent" ? formatScaled(x.ratioPpm, 6) : units(x.amount),
        maxHoldSize: x.maxPerOrder > 0n ? units(x.maxPerOrder) : "",
        stopSurplusRatio: x.tpPct ? str(x.tpPct) : "",
        stopLossRatio: x.slPct ? str(x.slPct) : "",
      })),
    });
  });

  route("GET", SPOT_COPY_PATHS.followerCurrentOrders, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const symbol = symbolFilter(q);
    const traderId = qString(q, "traderId", false, 64);
    const pg = page(q, env, p.userId);
    const rows = openPage(svc.openCopies(env, p.userId), pg, symbol, traderId);
    return ok(
      list(
        rows.map((t) => ({ ...currentJson(t), traderName: deps.names.nameOf(t.leadId) })),
        "trackingList",
      ),
    );
  });

  route("GET", SPOT_COPY_PATHS.followerHistoryOrders, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const symbol = symbolFilter(q);
    const traderId = qString(q, "traderId", false, 64);
    const rows = svc.tracks({ ...page(q, env, p.userId), symbol, leadId: traderId }, "follow", ["closed", "detached"]);
    // this exchange's addition: the lead's display name (docs/decisions/363)
    return ok(
      list(
        rows.map((t) => ({ ...historyJson(t), traderName: deps.names.nameOf(t.leadId) })),
        "trackingList",
      ),
    );
  });

  route("GET", SPOT_COPY_PATHS.followerTraders, 10, false, async (_req, p, env) =>
    ok(
      svc.followsOf(env, p.userId).map((f) => ({
        traderId: f.leadId,
        traderName: deps.names.nameOf(f.leadId),
        followCount: str(svc.followCount(env, f.leadId)),
        traceTotalNetProfit: units(f.net),
        currentTradingPairs: svc.pairsOf(f).map((x) => x.symbol),
        followerTime: str(f.createdAt),
      })),
    ),
  );

  route("POST", SPOT_COPY_PATHS.followerCancelTrader, 5, true, async (req, p, env) => {
    const b = parseFields(CancelSchema, req.body);
    svc.unfollow(env, p.userId, b.traderId);
    return ok("success");
  });

  route("POST", SPOT_COPY_PATHS.followerCloseTracking, 5, true, async (req, p, env) => {
    const c = closeOf(parseFields(CloseSchema, req.body));
    const done = await svc.followerSell(env, p.userId, c.symbol, c.ids);
    return ok(done.map((t) => ({ trackingNo: str(t.id), symbol: t.symbol, sellOrderId: t.sellOrderId })));
  });

  route("POST", SPOT_COPY_PATHS.followerStopOrder, 5, true, async (req, p, env) => {
    const b = parseFields(StopSchema, req.body);
    svc.stopCopies(env, p.userId, trackingNos(b.trackingNoList));
    return ok("success");
  });

  route("GET", SPOT_COPY_PATHS.followerCopyRecords, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    return ok(
      list(
        svc.records(page(q, env, p.userId)).map((r) => ({ ...recordJson(r), traderName: deps.names.nameOf(r.leadId) })),
        "recordList",
      ),
    );
  });
}
