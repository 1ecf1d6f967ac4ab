/**
 * The futures market as the exchange's stream server serves it (docs/decisions/314): public
 * `ticker` (with mark, index and funding), `books`/`books1`/`books5`/`books15`, `trade` and
 * `candle*` channels under `instType: "USDT-FUTURES"`, with spot's snapshot, update and seq rules;
 * and the private `orders`, `orders-algo`, `positions`, `account` and `fill` channels, pushed from committed changes.
 */
import { CANDLE_CHANNELS } from "../../protocol/bitget.ts";
import { lots, price } from "../exchange/format.ts";
import type { Env } from "../exchange/engine/types.ts";
import type { PrivatePush, PrivateStreamMarket, StreamMarket } from "../exchange/streams/server.ts";
import { contract, type Contract } from "./contracts.ts";
import { tickerJson } from "./format.ts";
import type { Futures } from "./futures.ts";
import type { EndedPosition, FxChange, FxFillRow, FxOrder, Position } from "./ledger.ts";
import { planStreamJson } from "./plan-format.ts";
import { FX_PLAN_TYPES, type FxPlan } from "./plan-store.ts";
import { accountJson, fillJson, orderJson, positionJson } from "./private-format.ts";

export function futuresStreamMarket(fx: Futures): StreamMarket {
  return {
    book: (env, symbol) => fx.market.book(env, symbol),
    books: () => fx.market.allBooks(),
    trades: (env, symbol, limit) => fx.market.tape(env, symbol).latest(limit),
    ticker: (env, inst) => {
      const c = contract(inst.symbol) as Contract;
      const t = tickerJson(fx, env, c, Date.now());
      return {
        instId: c.symbol,
        lastPr: t.lastPr,
        bidPr: t.bidPr,
        askPr: t.askPr,
        bidSz: t.bidSz,
        askSz: t.askSz,
        open24h: t.open24h,
        high24h: t.high24h,
        low24h: t.low24h,
        change24h: t.change24h,
        fundingRate: t.fundingRate,
        nextFundingTime: String(fx.market.fundingTime),
        markPrice: t.markPrice,
        indexPrice: t.indexPrice,
        holdingAmount: t.holdingAmount,
        baseVolume: t.baseVolume,
        quoteVolume: t.quoteVolume,
        openUtc: t.openUtc,
        symbolType: 1,
        symbol: c.symbol,
        deliveryPrice: "0",
        ts: t.ts,
      };
    },
    candles: (inst, channel, limit) => {
      const g = CANDLE_CHANNELS[channel]!;
      return fx.market.candles.query(inst.symbol, g, Date.now(), limit).map((k) => {
        const q = (Math.round(k.q) / 100).toFixed(2);
        return [String(k.ts), price(inst, k.o), price(inst, k.h), price(inst, k.l), price(inst, k.c), lots(inst, k.v), q, q];
      });
    },
    tradeListeners: fx.market.tradeListeners,
    private: futuresPrivateStreams(fx),
  };
}

const FILL_SNAPSHOT = 20;
/** The plan kinds a position row shows as its `takeProfit`/`stopLoss` (docs/decisions/717). */
const POSITION_TPSL = new Set(["pos_profit", "pos_loss", "profit_plan", "loss_plan"]);

/**
 * Bitget's v2 private futures channels, built with the REST formatters so a stream message and
 * the matching REST answer agree field for field (the channel adds `instId`, and Bitget's stream
 * names for the account's `frozen`, `equity` and `maxOpenPosAvailable`).
 */
export function futuresPrivateStreams(fx: Futures): PrivateStreamMarket {
  const svc = fx.svc;
  /** The REST row (its preset TP/SL included, as the REST rows show them: decision 318) with `instId`. */
  const order = (o: FxOrder, preset = fx.plans.presetsOf(o.env, o.userId, [o.id]).get(o.id)) => ({
    instId: o.symbol,
    ...orderJson(o, false, preset),
  });
  /**
   * The REST row with Bitget's stream names added (docs/decisions/319): `posId`, `frozen` (REST's
   * `locked`), `marginRate` (REST's `marginRatio`) and `unrealizedPLR` (unrealized PnL over margin).
   */
  const position = (p: Position) => {
    const r = positionJson(svc, p);
    const margin = Number(r.marginSize);
    const plr = margin > 0 ? String(Number((Number(r.unrealizedPL) / margin).toFixed(8))) : "0";
    return { instId: p.symbol, posId: p.id, ...r, frozen: r.locked, marginRate: r.marginRatio, unrealizedPLR: plr };
  };
  const account = (env: Env, userId: string) => {
    const a = accountJson(svc, env, userId);
    return { ...a, frozen: a.locked, equity: a.accountEquity, maxOpenPosAvailable: a.crossedMaxAvailable };
  };
  /** Bitget's fill channel item: the REST fill with the order's type and `uTime`. */
  const fillItem = (row: ReturnType<typeof fillJson>, orderType: string) => ({ ...row, orderType, uTime: row.cTime });
  const orderTypeOf = fx.store.db.prepare("SELECT order_type FROM fx_orders WHERE order_id = ?");
  const fill = (f: FxFillRow) =>
    fillItem(
      fillJson({
        trade_id: f.tradeId,
        symbol: f.order.symbol,
        order_id: f.order.id,
        price: f.price,
        size: f.size,
        fee: f.fee,
        side: f.order.side,
        quote: f.quote,
        profit: f.profit,
        trade_side: f.order.tradeSide,
        pos_mode: f.order.posMode,
        source: f.order.source,
        scope: f.scope,
        ts: f.ts,
      }),
      f.order.type,
    );
  /** Positions go out whole, as Bitget's channel does, so a closed one is simply absent. */
  const positions = (env: Env, userId: string) => svc.positionsOf(env, userId).map(position);
  /** Why a position left the list (`endedPositions`, an extra field Bitget's channel lacks: docs/decisions/717). */
  const ended = (e: EndedPosition) => {
    const p = e.position;
    const c = contract(p.symbol) as Contract;
    return {
      instId: p.symbol,
      symbol: p.symbol,
      holdSide: p.holdSide,
      marginMode: p.marginMode,
      size: lots(c.inst, e.size),
      endReason: e.reason,
      uTime: String(p.uTime),
    };
  };
  const ALL_PLANS = new Set(FX_PLAN_TYPES);

  return {
    channels: new Set(["orders", "orders-algo", "positions", "account", "fill"]),
    coins: ["USDT"],
    symbol: (instId) => contract(instId)?.symbol,
    snapshot(env, userId, channel, instId) {
      const sym = instId === "default" ? undefined : instId;
      if (channel === "account") return [account(env, userId)];
      if (channel === "positions") return svc.positionsOf(env, userId, sym).map(position);
      if (channel === "orders") {
        const list = svc.ordersOf(env, userId, sym);
        const presets = fx.plans.presetsOf(
          env,
          userId,
          list.map((o) => o.id),
        );
        return list.map((o) => order(o, presets.get(o.id)));
      }
      if (channel === "orders-algo")
        return fx.plans.list(env, userId, { types: ALL_PLANS, symbol: sym }).map((p) => planStreamJson(svc, p));
      return fx.store
        .fills({ env, userId, symbol: sym, before: "99999999999999999999", start: 0, end: Number.MAX_SAFE_INTEGER, limit: FILL_SNAPSHOT })
        .map((r) => fillItem(fillJson(r), (orderTypeOf.get(r.order_id) as { order_type?: string } | undefined)?.order_type ?? ""));
    },
    listen(wants, push) {
      const onCommitted = (ch: FxChange) => {
        const out: PrivatePush[] = [];
        for (const o of ch.orders)
          if (!o.house && wants(o.env, o.userId, "orders"))
            out.push({ env: o.env, userId: o.userId, channel: "orders", symbol: o.symbol, data: order(o) });
        for (const f of ch.fills) {
          const o = f.order;
          if (!o.house && wants(o.env, o.userId, "fill"))
            out.push({ env: o.env, userId: o.userId, channel: "fill", symbol: o.symbol, data: fill(f) });
        }
        // an order's frozen margin and a position's PnL move the account too, so any of them pushes it
        const users = new Map<string, { env: Env; userId: string }>();
        const moved = new Map<string, { env: Env; userId: string }>();
        for (const p of [...ch.positions, ...ch.closed]) users.set(`${p.env}:${p.userId}`, p);
        for (const u of [...users.values(), ...[...ch.orders].filter((o) => !o.house), ...ch.accounts])
          moved.set(`${u.env}:${u.userId}`, u);
        for (const { env, userId } of users.values()) {
          if (!wants(env, userId, "positions")) continue;
          const gone = ch.ended.filter((e) => e.position.env === env && e.position.userId === userId).map(ended);
          const extra = gone.length ? { endedPositions: gone } : undefined;
          out.push({ env, userId, channel: "positions", whole: true, data: positions(env, userId), ...(extra ? { extra } : {}) });
        }
        for (const { env, userId } of moved.values())
          if (wants(env, userId, "account")) out.push({ env, userId, channel: "account", data: account(env, userId) });
        if (out.length) push(out);
      };
      // near liquidation: the user's positions again, whose marginRatio says how near
      const onWarning = (p: Position) => {
        if (wants(p.env, p.userId, "positions"))
          push([{ env: p.env, userId: p.userId, channel: "positions", whole: true, data: positions(p.env, p.userId) }]);
      };
      // plan and TP/SL orders: each change once it is written
      // and a position's TP/SL is part of its row (`takeProfit`, `stopLoss`): the positions again
      const onPlans = (plans: readonly FxPlan[]) => {
        const out: PrivatePush[] = [];
        const holders = new Map<string, FxPlan>();
        for (const p of plans) {
          if (p.status === "pending") continue;
          if (wants(p.env, p.userId, "orders-algo"))
            out.push({ env: p.env, userId: p.userId, channel: "orders-algo", symbol: p.symbol, data: planStreamJson(svc, p) });
          if (POSITION_TPSL.has(p.planType)) holders.set(`${p.env}:${p.userId}`, p);
        }
        for (const { env, userId } of holders.values())
          if (wants(env, userId, "positions")) out.push({ env, userId, channel: "positions", whole: true, data: positions(env, userId) });
        if (out.length) push(out);
      };
      svc.committed.add(onCommitted);
      svc.warnings.add(onWarning);
      fx.plans.listeners.add(onPlans);
      return () => {
        svc.committed.delete(onCommitted);
        svc.warnings.delete(onWarning);
        fx.plans.listeners.delete(onPlans);
      };
    },
  };
}
