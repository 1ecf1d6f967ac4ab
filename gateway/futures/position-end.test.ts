/**
 * Why a position ended, as the `positions` push says it (`endedPositions`, docs/decisions/717), and
 * the TP/SL a position row shows: its whole-position ones, else those preset on its order.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Env } from "../exchange/engine/types.ts";
import type { PrivatePush } from "../exchange/streams/server.ts";
import { CONTRACTS } from "./contracts.ts";
import type { Futures } from "./futures.ts";
import type { TpslInput } from "./plans.ts";
import { positionJson } from "./private-format.ts";
import { futuresPrivateStreams } from "./streams.ts";
import { closeFuturesWorlds, futuresWorld, marketRequest } from "./testing.ts";

afterAll(closeFuturesWorlds);

const BTC = CONTRACTS[0]!;
const USDT = 10n ** 8n;

type Ended = { symbol: string; holdSide: string; size: string; endReason: string };

/** A world with quotes, `user` funded, and every push to `user` collected. */
function setup(user: string, env: Env = "live") {
  const w = futuresWorld();
  w.fx.step();
  w.fx.svc.transfer(env, user, true, 10_000n * USDT, `t-${user}`);
  const pushes: PrivatePush[] = [];
  futuresPrivateStreams(w.fx).listen(
    (_e, u) => u === user,
    (list) => pushes.push(...list),
  );
  return { fx: w.fx, pushes };
}

const mark = (fx: Futures, env: Env = "live") => fx.market.price(env, BTC.symbol).mark;

function setMark(fx: Futures, ticks: number, env: Env = "live"): void {
  const s = fx.market.price(env, BTC.symbol);
  s.mark = ticks;
  for (const l of fx.market.markListeners) l(env, BTC, s);
}

const lotsFor = (fx: Futures, usdt: number) =>
  Math.max(BTC.inst.minLots, Math.round((usdt / (mark(fx) / 10 ** BTC.inst.pricePrecision)) * 10 ** BTC.inst.quantityPrecision));

const tpsl = (planType: TpslInput["planType"], triggerPrice: number): TpslInput => ({
  symbol: BTC.symbol,
  holdSide: "long",
  planType,
  triggerType: "mark_price",
  triggerPrice,
  executePrice: 0,
  size: 0,
  clientOid: "",
  source: "WEB",
});

/** Every `endedPositions` item the positions pushes carried. */
const endedOf = (pushes: readonly PrivatePush[]) =>
  pushes.filter((x) => x.channel === "positions").flatMap((x) => (x.extra?.endedPositions ?? []) as Ended[]);

describe("why a position ended", () => {
  it("says a market close with a saved position TP/SL was the trader's close, never a liquidation", () => {
    const { fx, pushes } = setup("end-close");
    const size = lotsFor(fx, 500);
    const o = fx.svc.place("live", "end-close", marketRequest(BTC.symbol, "buy", size));
    const m = mark(fx);
    fx.plans.preset(o, { tp: Math.round(m * 1.1), sl: Math.round(m * 0.9) });
    fx.plans.placeTpsl("live", "end-close", [tpsl("pos_profit", Math.round(m * 1.05)), tpsl("pos_loss", Math.round(m * 0.95))]);
    pushes.length = 0;
    fx.svc.place("live", "end-close", marketRequest(BTC.symbol, "sell", size, { reduceOnly: true }));
    expect(endedOf(pushes)).toEqual([
      {
        instId: BTC.symbol,
        symbol: BTC.symbol,
        holdSide: "long",
        marginMode: "crossed",
        size: expect.any(String),
        endReason: "close",
        uTime: expect.any(String),
      },
    ]);
    // no positions push says anything else about it
    expect(endedOf(pushes).map((e) => e.endReason)).not.toContain("liquidation");
  });

  it("says a take-profit and a stop-loss by their kind", async () => {
    const { fx, pushes } = setup("end-tp");
    fx.svc.place("live", "end-tp", marketRequest(BTC.symbol, "buy", lotsFor(fx, 500)));
    const m = mark(fx);
    fx.plans.placeTpsl("live", "end-tp", [tpsl("pos_profit", Math.round(m * 1.02))]);
    pushes.length = 0;
    setMark(fx, Math.round(m * 1.03));
    await fx.plans.idle();
    expect(fx.svc.position("live", "end-tp", BTC.symbol, "long")).toBeUndefined();
    expect(endedOf(pushes).map((e) => e.endReason)).toEqual(["take_profit"]);

    setMark(fx, m);
    fx.svc.place("live", "end-tp", marketRequest(BTC.symbol, "buy", lotsFor(fx, 500)));
    fx.plans.placeTpsl("live", "end-tp", [tpsl("pos_loss", Math.round(mark(fx) * 0.98))]);
    pushes.length = 0;
    setMark(fx, Math.round(m * 0.97));
    await fx.plans.idle();
    expect(endedOf(pushes).map((e) => e.endReason)).toEqual(["stop_loss"]);
  });

  it("says a liquidation when the fund took the position over", () => {
    const { fx, pushes } = setup("end-liq");
    fx.svc.setMarginMode("live", "end-liq", BTC, "isolated");
    fx.svc.setLeverage("live", "end-liq", BTC, 50);
    const size = lotsFor(fx, 1000);
    fx.svc.place("live", "end-liq", marketRequest(BTC.symbol, "buy", size));
    const p = fx.svc.position("live", "end-liq", BTC.symbol, "long")!;
    const entry = Number(p.cost / (BigInt(p.size) * BTC.inst.quoteUnitsPerTickLot));
    pushes.length = 0;
    fx.market.price("live", BTC.symbol).mark = Math.round(entry * 0.97);
    fx.svc.checkLiquidations("live", BTC, Date.now());
    expect(endedOf(pushes)).toMatchObject([{ holdSide: "long", marginMode: "isolated", endReason: "liquidation" }]);
    expect(Number(endedOf(pushes)[0]!.size)).toBeGreaterThan(0);
  });

  it("says reset when the demo account's reset closed it", () => {
    const { fx, pushes } = setup("end-reset", "paper");
    fx.svc.place("paper", "end-reset", marketRequest(BTC.symbol, "buy", lotsFor(fx, 500)));
    pushes.length = 0;
    fx.svc.resetPaper("end-reset");
    expect(endedOf(pushes).map((e) => e.endReason)).toEqual(["reset"]);
  });
});

describe("the TP/SL a position row shows", () => {
  it("shows the TP/SL preset on the order that opened it, and a whole-position one over it", () => {
    const { fx, pushes } = setup("row-tpsl");
    const o = fx.svc.place("live", "row-tpsl", marketRequest(BTC.symbol, "buy", lotsFor(fx, 500)));
    const m = mark(fx);
    pushes.length = 0;
    const [tp, sl] = [Math.round(m * 1.1), Math.round(m * 0.9)];
    fx.plans.preset(o, { tp, sl });
    const pos = fx.svc.position("live", "row-tpsl", BTC.symbol, "long")!;
    const row = positionJson(fx.svc, pos);
    const px = (ticks: number) => (ticks / 10 ** BTC.inst.pricePrecision).toFixed(BTC.inst.pricePrecision);
    expect([row.takeProfit, row.stopLoss]).toEqual([px(tp), px(sl)]);
    expect(row.takeProfitId).not.toBe("");
    expect(row.stopLossId).not.toBe("");
    // the presets going live push the positions again, with them
    const pushed = pushes.filter((x) => x.channel === "positions").at(-1)!.data as Array<{ takeProfit: string }>;
    expect(pushed[0]!.takeProfit).toBe(px(tp));
    // a whole-position TP is what the row shows once set
    const tp2 = Math.round(m * 1.05);
    fx.plans.placeTpsl("live", "row-tpsl", [tpsl("pos_profit", tp2)]);
    expect(positionJson(fx.svc, pos).takeProfit).toBe(px(tp2));
    expect(positionJson(fx.svc, pos).stopLoss).toBe(px(sl));
  });
});
