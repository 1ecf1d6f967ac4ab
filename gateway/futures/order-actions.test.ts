/** Modify-order and reverse (docs/decisions/315): what is refused leaves the order resting, and a reverse short of margin opens less. */
import { afterAll, describe, expect, it } from "vitest";
import { CONTRACTS } from "./contracts.ts";
import { modifyOrder, reverse } from "./order-actions.ts";
import { closeFuturesWorlds, futuresWorld, marketRequest } from "./testing.ts";

afterAll(closeFuturesWorlds);
const BTC = CONTRACTS[0]!;
const USDT = 10n ** 8n;

function world(user: string, usdt: bigint) {
  const w = futuresWorld();
  w.fx.step();
  w.fx.svc.transfer("live", user, true, usdt * USDT, `t-${user}`);
  return w.fx;
}
const lotsFor = (mark: number, usdt: number) =>
  Math.round((usdt / (mark / 10 ** BTC.inst.pricePrecision)) * 10 ** BTC.inst.quantityPrecision);

describe("modify-order", () => {
  it("replaces a resting order under its new clientOid, keeps its presets, and leaves it resting when refused", () => {
    const fx = world("mod-user", 10_000n);
    const mark = fx.market.price("live", BTC.symbol).mark;
    const o = fx.svc.place("live", "mod-user", {
      symbol: BTC.symbol,
      side: "buy",
      orderType: "limit",
      force: "gtc",
      price: Math.round(mark * 0.97),
      size: lotsFor(mark, 300),
      clientOid: "m-1",
      reduceOnly: false,
      source: "API",
    });
    fx.plans.preset(o, { tp: Math.round(mark * 1.1), sl: 0 });
    const by = { orderId: o.id };
    expect(() => modifyOrder(fx, "live", "other-user", BTC, by, { newClientOid: "m-2", price: Math.round(mark * 0.96) })).toThrow(
      /does not exist/,
    );
    expect(() => modifyOrder(fx, "live", "mod-user", BTC, by, { newClientOid: "m-1", price: Math.round(mark * 0.96) })).toThrow(
      /Duplicate/,
    );
    // a stop-loss above a long's price is refused before anything is cancelled
    expect(() => modifyOrder(fx, "live", "mod-user", BTC, by, { newClientOid: "m-2", sl: Math.round(mark * 1.2) })).toThrow(/stop-loss/);
    expect(fx.svc.open.get(o.id)?.status).toBe("live");
    const n = modifyOrder(fx, "live", "mod-user", BTC, by, { newClientOid: "m-2", price: Math.round(mark * 0.96) });
    expect([n.clientOid, n.price, n.size, n.status]).toEqual(["m-2", Math.round(mark * 0.96), o.size, "live"]);
    expect(o.status).toBe("cancelled");
    expect(fx.plans.pendingPreset(n.id)).toEqual({ tp: Math.round(mark * 1.1), sl: 0 });
    expect(fx.svc.account("live", "mod-user").frozen).toBe(n.margin);
  });
});

describe("reverse", () => {
  it("turns a long into a short of the same size, and opens less (or none) when the margin is short", () => {
    const fx = world("rev-user", 200n);
    const mark = fx.market.price("live", BTC.symbol).mark;
    const size = lotsFor(mark, 2_000);
    fx.svc.place("live", "rev-user", marketRequest(BTC.symbol, "buy", size));
    const r = reverse(fx, "live", "rev-user", BTC, { clientOid: "r-1", source: "API" });
    expect(r.close.filled).toBe(size);
    expect(fx.svc.position("live", "rev-user", BTC.symbol, "long")).toBeUndefined();
    expect(fx.svc.position("live", "rev-user", BTC.symbol, "short")?.size).toBe(size);
    expect(r.open?.clientOid).toBe("r-1");
    // 10x the position on 200 USDT at 20x cannot be carried: it closes, then opens what the margin covers
    fx.svc.transfer("live", "rev-user", false, fx.svc.summary("live", "rev-user").available - 5n * USDT, "t-out");
    const r2 = reverse(fx, "live", "rev-user", BTC, { clientOid: "", source: "API" });
    expect(fx.svc.position("live", "rev-user", BTC.symbol, "short")).toBeUndefined();
    const long = fx.svc.position("live", "rev-user", BTC.symbol, "long");
    expect(long?.size ?? 0).toBeLessThan(size);
    expect(r2.open?.filled ?? 0).toBe(long?.size ?? 0);
    expect(fx.svc.summary("live", "rev-user").available >= 0n).toBe(true);
  });
});
