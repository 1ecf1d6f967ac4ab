/**
 * Futures plan and TP/SL orders (docs/decisions/315): triggers in both directions on the mark or
 * the last price, the order placed through the normal path when they fire (margin checked then),
 * TP/SL that close their position and go when it goes, restart, other users' ids and the paper reset.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Env } from "../exchange/engine/types.ts";
import { CONTRACTS } from "./contracts.ts";
import type { Futures } from "./futures.ts";
import type { PlanOrderInput, TpslInput } from "./plans.ts";
import { closeFuturesWorlds, futuresWorld, marketRequest } from "./testing.ts";

afterAll(closeFuturesWorlds);

const BTC = CONTRACTS[0]!;
const USDT = 10n ** 8n;
const ALL = new Set(["normal_plan", "profit_plan", "loss_plan", "pos_profit", "pos_loss"] as const);

/** A world with quotes in the book and `user` holding 10,000 USDT of futures. */
function setup(user: string, env: Env = "live") {
  const w = futuresWorld();
  w.fx.step();
  w.fx.svc.transfer(env, user, true, 10_000n * USDT, `t-${user}`);
  return w;
}

const mark = (fx: Futures, env: Env = "live") => fx.market.price(env, BTC.symbol).mark;

/** Moves the mark and tells the mark listeners, as a pricing step does. */
function setMark(fx: Futures, ticks: number, env: Env = "live"): void {
  const s = fx.market.price(env, BTC.symbol);
  s.mark = ticks;
  for (const l of fx.market.markListeners) l(env, BTC, s);
}

/** A futures trade at `ticks`, as the book reports one to its listeners. */
function trade(fx: Futures, ticks: number, env: Env = "live"): void {
  for (const l of fx.market.tradeListeners) l(env, BTC.symbol, { tradeId: "t", price: ticks, size: 1, side: "buy", ts: Date.now() });
}

/** Lots worth about `usdt` at the mark. */
const lotsFor = (fx: Futures, usdt: number) =>
  Math.max(BTC.inst.minLots, Math.round((usdt / (mark(fx) / 10 ** BTC.inst.pricePrecision)) * 10 ** BTC.inst.quantityPrecision));

function plan(fx: Futures, over: Partial<PlanOrderInput> = {}): PlanOrderInput {
  return {
    symbol: BTC.symbol,
    side: "buy",
    reduceOnly: false,
    orderType: "market",
    executePrice: 0,
    size: lotsFor(fx, 200),
    triggerPrice: Math.round(mark(fx) * 1.01),
    triggerType: "mark_price",
    clientOid: "",
    presetTp: 0,
    presetSl: 0,
    source: "API",
    ...over,
  };
}

/** A TP/SL input of the BTC long, whole-position unless a size is given. */
function tpsl(planType: TpslInput["planType"], triggerPrice: number, over: Partial<TpslInput> = {}): TpslInput {
  return {
    symbol: BTC.symbol,
    planType,
    holdSide: "long",
    triggerPrice,
    triggerType: "mark_price",
    executePrice: 0,
    size: 0,
    clientOid: "",
    source: "API",
    ...over,
  };
}

function openLong(fx: Futures, user: string, usdt = 500, env: Env = "live") {
  fx.svc.place(env, user, marketRequest(BTC.symbol, "buy", lotsFor(fx, usdt)));
  return fx.svc.position(env, user, BTC.symbol, "long")!;
}

describe("plan (trigger) orders", () => {
  it("fires an up-trigger when the mark rises to it and places its order through the normal path", async () => {
    const { fx } = setup("pl-up");
    const m = mark(fx);
    const p = fx.plans.place("live", "pl-up", plan(fx, { triggerPrice: Math.round(m * 1.01) }));
    expect(p.direction).toBe("up");
    setMark(fx, Math.round(m * 1.005));
    await fx.plans.idle();
    expect(fx.plans.list("live", "pl-up", { types: ALL })).toHaveLength(1);
    expect(fx.svc.position("live", "pl-up", BTC.symbol, "long")).toBeUndefined();
    setMark(fx, Math.round(m * 1.011));
    await fx.plans.idle();
    expect(fx.plans.list("live", "pl-up", { types: ALL })).toHaveLength(0);
    const done = fx.plans.store.byId("live", "pl-up", p.id)!;
    expect(done.status).toBe("executed");
    expect(done.orderId).not.toBe("");
    expect(fx.svc.store.findOrder("live", "pl-up", { orderId: done.orderId })?.clientOid).toBe(`plan${p.id}`);
    expect(fx.svc.position("live", "pl-up", BTC.symbol, "long")?.size).toBe(p.size);
  });

  it("fires a down-trigger only when the price falls to it", async () => {
    const { fx } = setup("pl-down");
    const m = mark(fx);
    const p = fx.plans.place("live", "pl-down", plan(fx, { side: "sell", triggerPrice: Math.round(m * 0.99) }));
    expect(p.direction).toBe("down");
    setMark(fx, Math.round(m * 1.02));
    await fx.plans.idle();
    expect(fx.plans.list("live", "pl-down", { types: ALL })).toHaveLength(1);
    setMark(fx, Math.round(m * 0.98));
    await fx.plans.idle();
    expect(fx.plans.store.byId("live", "pl-down", p.id)?.status).toBe("executed");
    expect(fx.svc.position("live", "pl-down", BTC.symbol, "short")?.size).toBe(p.size);
  });

  it("watches the price it names: a last-price plan ignores the mark and fires on a trade", async () => {
    const { fx } = setup("pl-last");
    const m = mark(fx);
    const p = fx.plans.place("live", "pl-last", plan(fx, { triggerType: "fill_price", triggerPrice: Math.round(m * 1.01) }));
    setMark(fx, Math.round(m * 1.05));
    await fx.plans.idle();
    expect(fx.plans.list("live", "pl-last", { types: ALL }).map((x) => x.id)).toEqual([p.id]);
    setMark(fx, m);
    trade(fx, Math.round(m * 1.02));
    await fx.plans.idle();
    expect(fx.plans.store.byId("live", "pl-last", p.id)?.status).toBe("executed");
  });

  it("checks margin when it fires: a plan the account cannot carry then fails with the reason", async () => {
    const { fx } = setup("pl-poor");
    const m = mark(fx);
    const p = fx.plans.place("live", "pl-poor", plan(fx, { size: lotsFor(fx, 5_000_000) }));
    setMark(fx, Math.round(m * 1.02));
    await fx.plans.idle();
    const done = fx.plans.store.byId("live", "pl-poor", p.id)!;
    expect(done.status).toBe("fail_execute");
    expect(done.failReason).toMatch(/exceeds the balance|at most/);
    expect(fx.svc.account("live", "pl-poor").frozen).toBe(0n);
  });

  it("is durable: a restart reloads a live plan, which then fires", async () => {
    const w = setup("pl-restart");
    const m = mark(w.fx);
    const p = w.fx.plans.place("live", "pl-restart", plan(w.fx, { triggerPrice: Math.round(m * 1.01), clientOid: "keep-1" }));
    const again = futuresWorld(w.dir);
    again.fx.step();
    const reloaded = again.fx.plans.list("live", "pl-restart", { types: ALL });
    expect(reloaded.map((x) => [x.id, x.clientOid, x.triggerPrice, x.direction])).toEqual([[p.id, "keep-1", p.triggerPrice, "up"]]);
    // a clientOid stays taken across the restart
    expect(() => again.fx.plans.place("live", "pl-restart", plan(again.fx, { clientOid: "keep-1" }))).toThrow(/Duplicate clientOid/);
    setMark(again.fx, Math.round(m * 1.02));
    await again.fx.plans.idle();
    expect(again.fx.plans.store.byId("live", "pl-restart", p.id)?.status).toBe("executed");
  });

  it("keeps other users out: their ids are not found, their lists do not show it", () => {
    const { fx } = setup("pl-owner");
    fx.svc.transfer("live", "pl-other", true, 1_000n * USDT, "t-other");
    const p = fx.plans.place("live", "pl-owner", plan(fx, { clientOid: "mine" }));
    expect(fx.plans.list("live", "pl-other", { types: ALL })).toEqual([]);
    expect(() => fx.plans.cancel("live", "pl-other", { orderId: p.id }, ALL)).toThrow(/does not exist/);
    expect(() => fx.plans.cancel("live", "pl-other", { clientOid: "mine" }, ALL)).toThrow(/does not exist/);
    expect(() => fx.plans.modify("live", "pl-other", { orderId: p.id }, ALL, { triggerPrice: 1 })).toThrow(/does not exist/);
    expect(() => fx.plans.cancel("paper", "pl-owner", { orderId: p.id }, ALL)).toThrow(/does not exist/);
    expect(fx.plans.cancelAll("live", "pl-other", ALL)).toEqual([]);
    expect(fx.plans.list("live", "pl-owner", { types: ALL })).toHaveLength(1);
    expect(fx.plans.cancel("live", "pl-owner", { clientOid: "mine" }, ALL).status).toBe("cancelled");
  });
});

describe("TP/SL of positions", () => {
  it("closes the whole position at its take-profit and drops the stop-loss with it", async () => {
    const { fx } = setup("tp-user");
    const pos = openLong(fx, "tp-user");
    const m = mark(fx);
    const [tp, sl] = fx.plans.placeTpsl("live", "tp-user", [
      tpsl("pos_profit", Math.round(m * 1.02)),
      tpsl("pos_loss", Math.round(m * 0.98)),
    ]);
    expect(fx.svc.positionTpsl(pos)).toMatchObject({ tp: { id: tp!.id }, sl: { id: sl!.id } });
    // a take-profit below the price of a long would fire at once: refused
    expect(() => fx.plans.placeTpsl("live", "tp-user", [tpsl("pos_profit", Math.round(m * 0.99))])).toThrow(/above the current price/);
    setMark(fx, Math.round(m * 1.03));
    await fx.plans.idle();
    expect(fx.svc.position("live", "tp-user", BTC.symbol, "long")).toBeUndefined();
    expect(fx.plans.store.byId("live", "tp-user", tp!.id)?.status).toBe("executed");
    const gone = fx.plans.store.byId("live", "tp-user", sl!.id)!;
    expect([gone.status, gone.failReason]).toEqual(["cancelled", "position closed"]);
  });

  it("closes only its size with a partial stop-loss, and is cancelled when the position is closed by hand", async () => {
    const { fx } = setup("sl-user");
    const pos = openLong(fx, "sl-user", 1000);
    const m = mark(fx);
    const half = Math.floor(pos.size / 2);
    const [sl] = fx.plans.placeTpsl("live", "sl-user", [tpsl("loss_plan", Math.round(m * 0.99), { size: half })]);
    expect(() => fx.plans.placeTpsl("live", "sl-user", [tpsl("loss_plan", Math.round(m * 0.99), { size: pos.size + 1 })])).toThrow(
      /Not enough position/,
    );
    const size = pos.size;
    setMark(fx, Math.round(m * 0.985));
    await fx.plans.idle();
    expect(fx.plans.store.byId("live", "sl-user", sl!.id)?.status).toBe("executed");
    expect(fx.svc.position("live", "sl-user", BTC.symbol, "long")?.size).toBe(size - half);
    // another one, then the position is closed by hand: it goes too
    setMark(fx, m);
    const [tp] = fx.plans.placeTpsl("live", "sl-user", [tpsl("profit_plan", Math.round(m * 1.05), { triggerType: "fill_price", size: 1 })]);
    fx.svc.place("live", "sl-user", marketRequest(BTC.symbol, "sell", size - half, { reduceOnly: true }));
    expect(fx.svc.position("live", "sl-user", BTC.symbol, "long")).toBeUndefined();
    expect(fx.plans.store.byId("live", "sl-user", tp!.id)?.status).toBe("cancelled");
    expect(fx.plans.list("live", "sl-user", { types: ALL })).toEqual([]);
  });

  it("needs a position, and a preset TP/SL goes live for what its order filled", () => {
    const { fx } = setup("pre-user");
    expect(() => fx.plans.placeTpsl("live", "pre-user", [tpsl("pos_profit", mark(fx) * 2)])).toThrow(/No position/);
    const m = mark(fx);
    const req = marketRequest(BTC.symbol, "buy", lotsFor(fx, 300));
    expect(() => fx.plans.checkPreset("live", req, { tp: Math.round(m * 0.9), sl: 0 })).toThrow(/take-profit/);
    const o = fx.svc.place("live", "pre-user", req);
    fx.plans.preset(o, { tp: Math.round(m * 1.1), sl: Math.round(m * 0.9) });
    const live = fx.plans.list("live", "pre-user", { types: ALL });
    expect(live.map((p) => [p.planType, p.size, p.holdSide]).sort()).toEqual([
      ["loss_plan", o.filled, "long"],
      ["profit_plan", o.filled, "long"],
    ]);
  });

  it("the paper reset clears the demo account's plans and leaves the live ones", async () => {
    const { fx, ex } = setup("reset-user");
    const livePlan = fx.plans.place("live", "reset-user", plan(fx));
    fx.svc.transfer("paper", "reset-user", true, 100n * USDT, "t-paper");
    const paperPlan = fx.plans.place("paper", "reset-user", plan(fx, { triggerPrice: Math.round(mark(fx, "paper") * 1.01) }));
    await ex.svc.resetPaper("reset-user");
    expect(fx.plans.list("paper", "reset-user", { types: ALL })).toEqual([]);
    expect(fx.plans.store.byId("paper", "reset-user", paperPlan.id)?.status).toBe("cancelled");
    expect(fx.plans.list("live", "reset-user", { types: ALL }).map((p) => p.id)).toEqual([livePlan.id]);
  });
});

describe("plans in hedge mode and after a crash", () => {
  it("opens the named side with tradeSide open, and a hedge TP/SL closes that side only", async () => {
    const { fx } = setup("hedge-user");
    fx.svc.setPositionMode("live", "hedge-user", "hedge_mode");
    expect(() => fx.plans.place("live", "hedge-user", plan(fx))).toThrow(/tradeSide is required/);
    const m = mark(fx);
    const p = fx.plans.place("live", "hedge-user", plan(fx, { side: "sell", tradeSide: "open", triggerPrice: Math.round(m * 0.99) }));
    setMark(fx, Math.round(m * 0.985));
    await fx.plans.idle();
    expect(fx.plans.store.byId("live", "hedge-user", p.id)?.status).toBe("executed");
    const short = fx.svc.position("live", "hedge-user", BTC.symbol, "short")!;
    expect(short.size).toBe(p.size);
    fx.svc.place("live", "hedge-user", marketRequest(BTC.symbol, "buy", lotsFor(fx, 300), { tradeSide: "open" }));
    const long = fx.svc.position("live", "hedge-user", BTC.symbol, "long")!;
    // the short's stop-loss waits for a rise; it closes the short and leaves the long
    const [sl] = fx.plans.placeTpsl("live", "hedge-user", [tpsl("pos_loss", Math.round(m * 1.0), { holdSide: "short" })]);
    expect(sl!.direction).toBe("up");
    expect([sl!.side, sl!.tradeSide]).toEqual(["sell", "close"]);
    setMark(fx, Math.round(m * 1.01));
    await fx.plans.idle();
    expect(fx.plans.store.byId("live", "hedge-user", sl!.id)?.status).toBe("executed");
    expect(fx.svc.position("live", "hedge-user", BTC.symbol, "short")).toBeUndefined();
    expect(fx.svc.position("live", "hedge-user", BTC.symbol, "long")?.size).toBe(long.size);
  });

  it("records the order placed before a crash instead of placing a second one", async () => {
    const { fx } = setup("crash-user");
    const m = mark(fx);
    const p = fx.plans.place("live", "crash-user", plan(fx));
    // the order went in, then the process died before the plan's own record said so
    const earlier = fx.svc.place("live", "crash-user", marketRequest(BTC.symbol, "buy", p.size, { clientOid: `plan${p.id}` }));
    const held = fx.svc.position("live", "crash-user", BTC.symbol, "long")!.size;
    setMark(fx, Math.round(m * 1.02));
    await fx.plans.idle();
    const done = fx.plans.store.byId("live", "crash-user", p.id)!;
    expect([done.status, done.orderId]).toEqual(["executed", earlier.id]);
    expect(fx.svc.position("live", "crash-user", BTC.symbol, "long")!.size).toBe(held);
  });
});
