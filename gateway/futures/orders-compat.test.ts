/**
 * Futures orders as bot clients send them (docs/decisions/318): the margin mode an order names,
 * trailing orders (track_plan) and trailing stops of positions (moving_plan) with a controlled
 * price, the presets an order row reports, and modify-order of the presets only.
 */
import { afterAll, describe, expect, it } from "vitest";
import { CONTRACTS } from "./contracts.ts";
import { FX_CODES } from "./codes.ts";
import type { Futures } from "./futures.ts";
import { modifyOrder } from "./order-actions.ts";
import type { FxPlanType } from "./plan-store.ts";
import { trailingStop, type PlanOrderInput } from "./plans.ts";
import { closeFuturesWorlds, futuresWorld, liveEquity, marketRequest } from "./testing.ts";

afterAll(closeFuturesWorlds);

const BTC = CONTRACTS[0]!;
const USDT = 10n ** 8n;
const EVERY = new Set<FxPlanType>(["normal_plan", "track_plan", "profit_plan", "loss_plan", "moving_plan", "pos_profit", "pos_loss"]);

function setup(user: string) {
  const w = futuresWorld();
  w.fx.step();
  w.fx.svc.transfer("live", user, true, 10_000n * USDT, `t-${user}`);
  return w;
}

const mark = (fx: Futures) => fx.market.price("live", BTC.symbol).mark;

function setMark(fx: Futures, ticks: number): void {
  const s = fx.market.price("live", BTC.symbol);
  s.mark = ticks;
  for (const l of fx.market.markListeners) l("live", BTC, s);
}

const lotsFor = (fx: Futures, usdt: number) =>
  Math.max(BTC.inst.minLots, Math.round((usdt / (mark(fx) / 10 ** BTC.inst.pricePrecision)) * 10 ** BTC.inst.quantityPrecision));

/** A code an engine call throws. */
function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return undefined;
}

function trailing(fx: Futures, over: Partial<PlanOrderInput>): PlanOrderInput {
  return {
    planType: "track_plan",
    callbackPpm: 10_000,
    symbol: BTC.symbol,
    side: "sell",
    reduceOnly: true,
    orderType: "market",
    executePrice: 0,
    size: lotsFor(fx, 500),
    triggerPrice: Math.round(mark(fx) * 1.01),
    triggerType: "mark_price",
    clientOid: "",
    presetTp: 0,
    presetSl: 0,
    source: "API",
    ...over,
  };
}

describe("the margin mode an order names", () => {
  it("switches the contract to it when nothing is open there, with the order, and not when the order is refused", () => {
    const w = setup("mm-switch");
    const fx = w.fx;
    fx.svc.setMarginMode("live", "mm-switch", BTC, "isolated");
    // refused for its size: the contract stays isolated
    expect(
      codeOf(() => fx.svc.place("live", "mm-switch", marketRequest(BTC.symbol, "buy", lotsFor(fx, 5_000_000), { marginMode: "crossed" }))),
    ).toMatch(/^(40762|40797|40017)$/);
    expect(fx.svc.setting("live", "mm-switch", BTC).marginMode).toBe("isolated");
    const o = fx.svc.place("live", "mm-switch", {
      ...marketRequest(BTC.symbol, "buy", lotsFor(fx, 300)),
      orderType: "limit",
      price: Math.round(mark(fx) * 0.97),
      marginMode: "crossed",
    });
    expect([o.status, o.marginMode]).toEqual(["live", "crossed"]);
    expect(fx.svc.setting("live", "mm-switch", BTC).marginMode).toBe("crossed");
    // written with the order: a restart reads crossed
    const again = futuresWorld(w.dir);
    expect(again.fx.svc.setting("live", "mm-switch", BTC).marginMode).toBe("crossed");
  });

  it("refuses an opening order of the other mode while a position is held, and lets any close it", async () => {
    const { fx } = setup("mm-held");
    fx.svc.setMarginMode("live", "mm-held", BTC, "isolated");
    const size = lotsFor(fx, 500);
    fx.svc.place("live", "mm-held", marketRequest(BTC.symbol, "buy", size, { marginMode: "isolated" }));
    const pos = fx.svc.position("live", "mm-held", BTC.symbol, "long")!;
    expect(pos.marginMode).toBe("isolated");
    const before = { margin: pos.margin, frozen: fx.svc.account("live", "mm-held").frozen, equity: liveEquity(fx) };
    expect(codeOf(() => fx.svc.place("live", "mm-held", marketRequest(BTC.symbol, "buy", size, { marginMode: "crossed" })))).toBe(
      FX_CODES.positionsOrOrdersExist,
    );
    expect(codeOf(() => fx.svc.place("live", "mm-held", marketRequest(BTC.symbol, "sell", size, { marginMode: "crossed" })))).toBe(
      FX_CODES.positionsOrOrdersExist,
    );
    // a trigger order that would open in the other mode is refused when placed, as the order would be
    expect(
      codeOf(() =>
        fx.plans.place("live", "mm-held", {
          ...trailing(fx, {}),
          planType: "normal_plan",
          side: "buy",
          reduceOnly: false,
          marginMode: "crossed",
        }),
      ),
    ).toBe(FX_CODES.positionsOrOrdersExist);
    expect([pos.margin, fx.svc.account("live", "mm-held").frozen, liveEquity(fx)]).toEqual([before.margin, before.frozen, before.equity]);
    expect(fx.svc.setting("live", "mm-held", BTC).marginMode).toBe("isolated");
    // the library's default (crossed) on a reduce-only close: the position's own mode closes it
    const close = fx.svc.place("live", "mm-held", marketRequest(BTC.symbol, "sell", size, { marginMode: "crossed", reduceOnly: true }));
    expect([close.status, close.marginMode]).toEqual(["filled", "isolated"]);
    expect(fx.svc.position("live", "mm-held", BTC.symbol, "long")).toBeUndefined();
    expect(fx.svc.setting("live", "mm-held", BTC).marginMode).toBe("isolated");
  });

  it("refuses it while an order of the contract rests", () => {
    const { fx } = setup("mm-order");
    fx.svc.place("live", "mm-order", {
      ...marketRequest(BTC.symbol, "buy", lotsFor(fx, 300)),
      orderType: "limit",
      price: Math.round(mark(fx) * 0.97),
    });
    const frozen = fx.svc.account("live", "mm-order").frozen;
    expect(
      codeOf(() =>
        fx.svc.place("live", "mm-order", {
          ...marketRequest(BTC.symbol, "buy", lotsFor(fx, 300)),
          orderType: "limit",
          price: Math.round(mark(fx) * 0.97),
          marginMode: "isolated",
        }),
      ),
    ).toBe(FX_CODES.positionsOrOrdersExist);
    expect(fx.svc.account("live", "mm-order").frozen).toBe(frozen);
    expect(fx.svc.setting("live", "mm-order", BTC).marginMode).toBe("crossed");
  });
});

describe("trailing orders (track_plan)", () => {
  it("activates at its trigger, follows the highest mark, fires a reduce-only sell on a retrace of its callback, and survives a restart", async () => {
    const w = setup("tr-sell");
    const fx = w.fx;
    const m = mark(fx);
    const size = lotsFor(fx, 500);
    fx.svc.place("live", "tr-sell", marketRequest(BTC.symbol, "buy", size));
    expect(codeOf(() => fx.plans.place("live", "tr-sell", trailing(fx, { callbackPpm: 0 })))).toBe(FX_CODES.paramInvalid);
    expect(codeOf(() => fx.plans.place("live", "tr-sell", trailing(fx, { callbackPpm: 100_001 })))).toBe(FX_CODES.paramInvalid);
    expect(codeOf(() => fx.plans.place("live", "tr-sell", trailing(fx, { orderType: "limit", executePrice: m })))).toBe(
      FX_CODES.paramInvalid,
    );
    const p = fx.plans.place("live", "tr-sell", trailing(fx, { size, triggerPrice: Math.round(m * 1.01), clientOid: "trail-1" }));
    expect([p.planType, p.direction, p.trackExtreme]).toEqual(["track_plan", "up", 0]);
    setMark(fx, Math.round(m * 1.005));
    expect(p.trackExtreme).toBe(0);
    setMark(fx, Math.round(m * 1.01));
    expect(p.trackExtreme).toBe(Math.round(m * 1.01));
    setMark(fx, Math.round(m * 1.02));
    expect(p.trackExtreme).toBe(Math.round(m * 1.02));
    // back less than 1% from the top: still waiting
    setMark(fx, Math.round(m * 1.011));
    await fx.plans.idle();
    expect(fx.plans.list("live", "tr-sell", { types: EVERY }).map((x) => x.id)).toEqual([p.id]);
    expect(fx.svc.position("live", "tr-sell", BTC.symbol, "long")?.size).toBe(size);
    // the best price is durable: a restart trails from it
    const again = futuresWorld(w.dir);
    const reloaded = again.fx.plans.list("live", "tr-sell", { types: EVERY });
    expect(reloaded.map((x) => [x.id, x.planType, x.callbackPpm, x.trackExtreme])).toEqual([
      [p.id, "track_plan", 10_000, Math.round(m * 1.02)],
    ]);
    // its first price there is the pricing step's (about m): more than 1% below the top, so it fires
    expect(trailingStop(true, Math.round(m * 1.02), 10_000)).toBeGreaterThan(Math.round(m * 1.005));
    again.fx.step();
    expect(mark(again.fx)).toBeLessThan(Math.round(m * 1.005));
    await again.fx.plans.idle();
    const done = again.fx.plans.store.byId("live", "tr-sell", p.id)!;
    expect(done.status).toBe("executed");
    const order = again.fx.svc.store.findOrder("live", "tr-sell", { orderId: done.orderId })!;
    expect([order.type, order.side, order.reduceOnly, order.status]).toEqual(["market", "sell", true, "filled"]);
    expect(again.fx.svc.position("live", "tr-sell", BTC.symbol, "long")).toBeUndefined();
  });

  it("as a buy, follows the lowest price and opens through the normal path; cancel and the history see it", async () => {
    const { fx } = setup("tr-buy");
    const m = mark(fx);
    const p = fx.plans.place("live", "tr-buy", trailing(fx, { side: "buy", reduceOnly: false, triggerPrice: Math.round(m * 0.99) }));
    expect(p.direction).toBe("down");
    setMark(fx, Math.round(m * 0.99));
    setMark(fx, Math.round(m * 0.98));
    expect(p.trackExtreme).toBe(Math.round(m * 0.98));
    const stop = trailingStop(false, Math.round(m * 0.98), 10_000);
    setMark(fx, stop - 1);
    await fx.plans.idle();
    expect(fx.svc.position("live", "tr-buy", BTC.symbol, "long")).toBeUndefined();
    setMark(fx, stop);
    await fx.plans.idle();
    expect(fx.plans.store.byId("live", "tr-buy", p.id)?.status).toBe("executed");
    expect(fx.svc.position("live", "tr-buy", BTC.symbol, "long")?.size).toBe(p.size);
    // another one, cancelled by its kind, shows in the history
    const q = fx.plans.place("live", "tr-buy", trailing(fx, { side: "buy", reduceOnly: false }));
    expect(fx.plans.list("live", "tr-buy", { types: new Set(["track_plan"]) }).map((x) => x.id)).toEqual([q.id]);
    fx.plans.cancel("live", "tr-buy", { orderId: q.id }, new Set(["track_plan"]));
    const history = fx.plans.store.history({
      env: "live",
      userId: "tr-buy",
      types: ["track_plan"],
      before: Number.MAX_SAFE_INTEGER,
      start: 0,
      end: Number.MAX_SAFE_INTEGER,
      limit: 10,
    });
    expect(history.map((x) => [x.id, x.status])).toEqual([
      [q.id, "cancelled"],
      [p.id, "executed"],
    ]);
  });
});

describe("trailing stops of a position (moving_plan)", () => {
  it("closes its size on a retrace after activation, and goes with the position", async () => {
    const { fx } = setup("mv-user");
    const m = mark(fx);
    const size = lotsFor(fx, 1_000);
    fx.svc.place("live", "mv-user", marketRequest(BTC.symbol, "buy", size));
    const part = Math.floor(size / 2);
    const input = {
      symbol: BTC.symbol,
      planType: "moving_plan" as const,
      holdSide: "long" as const,
      triggerPrice: Math.round(m * 1.01),
      triggerType: "mark_price" as const,
      executePrice: 0,
      size: part,
      clientOid: "",
      source: "API",
    };
    expect(codeOf(() => fx.plans.placeTpsl("live", "mv-user", [input]))).toBe(FX_CODES.paramInvalid);
    const [p] = fx.plans.placeTpsl("live", "mv-user", [{ ...input, callbackPpm: 5_000 }]);
    setMark(fx, Math.round(m * 1.01));
    setMark(fx, Math.round(m * 1.015));
    await fx.plans.idle();
    expect(fx.svc.position("live", "mv-user", BTC.symbol, "long")?.size).toBe(size);
    setMark(fx, trailingStop(true, Math.round(m * 1.015), 5_000));
    await fx.plans.idle();
    expect(fx.plans.store.byId("live", "mv-user", p!.id)?.status).toBe("executed");
    expect(fx.svc.position("live", "mv-user", BTC.symbol, "long")?.size).toBe(size - part);
    // a second one is cancelled when the position is closed by hand
    const [q] = fx.plans.placeTpsl("live", "mv-user", [{ ...input, size: size - part, callbackPpm: 5_000 }]);
    fx.svc.place("live", "mv-user", marketRequest(BTC.symbol, "sell", size - part, { reduceOnly: true }));
    expect(fx.plans.store.byId("live", "mv-user", q!.id)?.status).toBe("cancelled");
  });
});

describe("presets of an order", () => {
  it("are reported for the order whatever became of them, and modify-order of the presets only keeps the order", () => {
    const { fx } = setup("ps-user");
    const m = mark(fx);
    const o = fx.svc.place("live", "ps-user", {
      ...marketRequest(BTC.symbol, "buy", lotsFor(fx, 300)),
      orderType: "limit",
      price: Math.round(m * 0.97),
      clientOid: "ps-1",
    });
    fx.plans.preset(o, { tp: Math.round(m * 1.1), sl: Math.round(m * 0.9) });
    expect(fx.plans.presetsOf("live", "ps-user", [o.id]).get(o.id)).toEqual({ tp: Math.round(m * 1.1), sl: Math.round(m * 0.9) });
    // another user's ids are not theirs
    expect(fx.plans.presetsOf("live", "someone-else", [o.id]).size).toBe(0);
    const kept = modifyOrder(fx, "live", "ps-user", BTC, { orderId: o.id }, { newClientOid: "", tp: Math.round(m * 1.2) });
    expect([kept.id, kept.clientOid, kept.status]).toEqual([o.id, "ps-1", "live"]);
    // Bitget: a change of one kind only removes the other
    expect(fx.plans.pendingPreset(o.id)).toEqual({ tp: Math.round(m * 1.2), sl: 0 });
    expect(fx.plans.presetsOf("live", "ps-user", [o.id]).get(o.id)).toEqual({ tp: Math.round(m * 1.2), sl: 0 });
    // a change of the price still replaces the order, and needs its new clientOid
    expect(
      codeOf(() => modifyOrder(fx, "live", "ps-user", BTC, { orderId: o.id }, { newClientOid: "", price: Math.round(m * 0.96) })),
    ).toBe(FX_CODES.paramEmpty);
    fx.svc.cancel("live", "ps-user", { orderId: o.id });
    expect(fx.plans.presetsOf("live", "ps-user", [o.id]).get(o.id)).toEqual({ tp: Math.round(m * 1.2), sl: 0 });
  });
});
