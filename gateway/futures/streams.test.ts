/**
 * The private futures channels' pushes (docs/decisions/314): only the users the stream server
 * wants, after the change is written, and the positions list again when a position nears liquidation.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { PrivatePush } from "../exchange/streams/server.ts";
import { CONTRACTS } from "./contracts.ts";
import { closeFuturesWorlds, futuresWorld } from "./testing.ts";
import { futuresPrivateStreams } from "./streams.ts";

afterAll(closeFuturesWorlds);
const world = () => futuresWorld().fx;

const BTC = CONTRACTS[0]!;

describe("futures private stream pushes", () => {
  it("pushes only the wanted user's changes, and the positions again near liquidation", () => {
    const fx = world();
    const svc = fx.svc;
    fx.step();
    const pushes: PrivatePush[] = [];
    const off = futuresPrivateStreams(fx).listen(
      (_env, userId) => userId === "s-ann",
      (list) => pushes.push(...list),
    );
    for (const u of ["s-ann", "s-ben"]) {
      svc.transfer("live", u, true, 100n * 10n ** 8n, "t-" + u);
      svc.setMarginMode("live", u, BTC, "isolated");
      svc.setLeverage("live", u, BTC, 50);
    }
    const mark = fx.market.price("live", BTC.symbol).mark;
    const size = Math.round((1000 / (mark / 100)) * 1e6);
    const order = { symbol: BTC.symbol, side: "buy", orderType: "market", force: "gtc", price: 0, size, clientOid: "", reduceOnly: false };
    for (const u of ["s-ann", "s-ben"]) svc.place("live", u, { ...order, source: "API" } as never);
    expect(pushes.every((x) => x.userId === "s-ann")).toBe(true);
    expect(new Set(pushes.map((x) => x.channel))).toEqual(new Set(["orders", "fill", "positions", "account"]));

    pushes.length = 0;
    const p = svc.position("live", "s-ann", BTC.symbol, "long")!;
    const entry = Number(p.cost / (BigInt(p.size) * BTC.inst.quoteUnitsPerTickLot));
    fx.market.price("live", BTC.symbol).mark = Math.round(entry * 0.9845);
    svc.checkLiquidations("live", BTC, Date.now());
    const warned = pushes.filter((x) => x.channel === "positions" && x.whole);
    expect(warned.length).toBe(1);
    const list = warned[0]!.data as Array<{ holdSide: string; marginRatio: string }>;
    expect(Number(list.find((x) => x.holdSide === "long")!.marginRatio)).toBeGreaterThanOrEqual(0.8);
    expect(pushes.every((x) => x.userId === "s-ann")).toBe(true);

    // a whole-position TP/SL is part of the position: the orders-algo row and the positions again
    pushes.length = 0;
    const tpsl = {
      symbol: BTC.symbol,
      holdSide: "long",
      triggerType: "mark_price",
      executePrice: 0,
      size: 0,
      clientOid: "",
      source: "API",
    } as const;
    fx.plans.placeTpsl("live", "s-ann", [{ ...tpsl, planType: "pos_profit", triggerPrice: Math.round(entry * 1.2) }]);
    fx.plans.placeTpsl("live", "s-ben", [{ ...tpsl, planType: "pos_profit", triggerPrice: Math.round(entry * 1.2) }]);
    expect(pushes.map((x) => x.channel).sort()).toEqual(["orders-algo", "positions"]);
    const withTp = pushes.find((x) => x.channel === "positions")!.data as Array<{ holdSide: string; takeProfit: string }>;
    expect(Number(withTp.find((x) => x.holdSide === "long")!.takeProfit)).toBeGreaterThan(0);
    expect(pushes.every((x) => x.userId === "s-ann")).toBe(true);

    off();
    pushes.length = 0;
    svc.transfer("live", "s-ann", true, 10n ** 8n, "t-after");
    expect(pushes).toEqual([]);
  });
});
