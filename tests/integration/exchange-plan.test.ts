import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { Client, makeKey, startGateway, stopGateway, tempDataDir, type RunningGateway } from "../../gateway/exchange/testing/harness.ts";
import { until } from "../setup/until.ts";

type Plan = Record<string, string>;
type PlanPage = { nextFlag: boolean; idLessThan: string; orderList: Plan[] };

let gw: RunningGateway;
let maker: Client;
let taker: Client;
let alice: Client;

const S = "ETHUSDT";
const limit = (side: string, price: string, size: string) => ({ symbol: S, side, orderType: "limit", force: "gtc", price, size });
/** A market order of `size`, with the fields `extra` adds (a trigger price for a plan or a TP/SL order). */
const market = (side: string, size: string, extra?: object) => ({ symbol: S, side, orderType: "market", size, ...extra });

/** Polls every 50 ms for up to 5 s: the plans here trigger on the test's own trades. */
const waitUntil = <T>(fn: () => Promise<T>, ok: (t: T) => boolean) => until(fn, ok, 5000, 50);

beforeAll(async () => {
  // No simulator: the test's own trades set the last price that triggers plans.
  gw = await startGateway(tempDataDir(), { EXCHANGE_SIMULATOR: "off", EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "100000" });
  const env = { paptrading: "1" };
  maker = new Client(gw.base, makeKey(gw.dataDir, "pm"), env);
  taker = new Client(gw.base, makeKey(gw.dataDir, "pt"), env);
  alice = new Client(gw.base, makeKey(gw.dataDir, "pa"), env);
  // the price band (docs/decisions/340) refuses a sell more than 5 % under the last price (3200, the
  // last candle): a first trade at 3100 brings 3000 within reach
  expect((await maker.post(V2.placeOrder, limit("sell", "3100.00", "0.01"))).body.code).toBe("00000");
  expect((await taker.post(V2.placeOrder, { ...limit("buy", "3100.00", "0.01"), force: "ioc" })).body.code).toBe("00000");
  expect((await maker.post(V2.placeOrder, limit("sell", "3000.00", "2"))).body.code).toBe("00000");
  expect((await maker.post(V2.placeOrder, limit("buy", "2990.00", "2"))).body.code).toBe("00000");
  // a trade at 3000 sets the last price
  expect((await taker.post(V2.placeOrder, market("buy", "30"))).body.code).toBe("00000");
});
afterAll(async () => {
  await stopGateway(gw);
});

describe("exchange plan orders", () => {
  it("places, lists, modifies and triggers a plan order through the book", async () => {
    const placed = await alice.post<{ orderId: string; clientOid: string }>(V2.placePlan, {
      symbol: S,
      side: "buy",
      triggerPrice: "3050.00",
      orderType: "limit",
      executePrice: "3060.00",
      size: "0.1",
      clientOid: "plan-1",
    });
    expect(placed.body.code).toBe("00000");
    const cur = await alice.get<PlanPage>(`${V2.currentPlan}?symbol=${S}`);
    expect(cur.body.data.orderList[0]).toMatchObject({
      orderId: placed.body.data.orderId,
      clientOid: "plan-1",
      triggerPrice: "3050.00",
      executePrice: "3060.00",
      status: "live",
      side: "buy",
    });
    const mod = await alice.post(V2.modifyPlan, {
      orderId: placed.body.data.orderId,
      triggerPrice: "3040.00",
      orderType: "limit",
      executePrice: "3060.00",
      size: "0.1",
    });
    expect(mod.body.code).toBe("00000");
    // a buy that sweeps the 3000 ask and prints at 3045 crosses the (modified) trigger
    await maker.post(V2.placeOrder, limit("sell", "3045.00", "0.01"));
    await taker.post(V2.placeOrder, limit("buy", "3045.00", "2"));
    const hist = await waitUntil(
      () => alice.get<PlanPage>(`${V2.historyPlan}?symbol=${S}&startTime=0&endTime=${Date.now() + 60_000}`),
      (r) => r.body.data.orderList.length > 0,
    );
    const done = hist.body.data.orderList[0]!;
    expect(done).toMatchObject({ orderId: placed.body.data.orderId, status: "executed", triggerPrice: "3040.00" });
    const order = await alice.get<Array<Record<string, string>>>(`${V2.orderInfo}?orderId=${done.executeOrderId}`);
    // the triggered buy found no ask left and rests at its execute price
    expect(order.body.data[0]).toMatchObject({
      status: "live",
      price: "3060.00",
      size: "0.1000",
      clientOid: `plan${placed.body.data.orderId}`,
    });
    const ob = await alice.get<{ bids: string[][] }>(`${V2.orderbook}?symbol=${S}&limit=1`);
    expect(ob.body.data.bids[0]).toEqual(["3060.00", "0.1000"]);
  });

  it("cancels plans and rejects bad ones", async () => {
    const p = await alice.post<{ orderId: string }>(V2.placePlan, market("sell", "0.05", { triggerPrice: "2500.00" }));
    expect(p.body.code).toBe("00000");
    expect((await alice.post(V2.cancelPlan, { orderId: p.body.data.orderId })).body).toMatchObject({
      code: "00000",
      data: { result: "success" },
    });
    expect((await alice.post(V2.cancelPlan, { orderId: p.body.data.orderId })).body.code).toBe("43025");
    expect((await alice.post(V2.modifyPlan, { orderId: "1", triggerPrice: "1.00" })).body.code).toBe("43025");
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ symbol: S, side: "buy", triggerPrice: "3000.001", orderType: "market", size: "10" }, "40808"],
      [{ symbol: S, side: "buy", orderType: "market", size: "10" }, "40017"],
      [{ symbol: "NOPE", side: "buy", triggerPrice: "1", orderType: "market", size: "10" }, "40034"],
      [{ symbol: S, side: "buy", triggerPrice: "3000", orderType: "limit", size: "0.1" }, "40019"],
      [{ symbol: S, side: "sell", triggerPrice: "3000", orderType: "market", size: "0.00001" }, "40808"],
    ];
    for (const [body, code] of bad) expect((await alice.post(V2.placePlan, body)).body.code, JSON.stringify(body)).toBe(code);
    const h = await alice.get(`${V2.historyPlan}?symbol=${S}`);
    expect(h.body.code).toBe("40019");
  });

  it("places and cancels a spot TP/SL order (tpslType tpsl)", async () => {
    const t = await alice.post<{ orderId: string }>(V2.placeOrder, market("sell", "0.05", { tpslType: "tpsl", triggerPrice: "2800.00" }));
    expect(t.body.code).toBe("00000");
    const open = await alice.get<Plan[]>(`${V2.unfilled}?symbol=${S}&tpslType=tpsl`);
    expect(open.body.data.map((x) => x.orderId)).toContain(t.body.data.orderId);
    expect((await alice.post(V2.cancelOrder, { symbol: S, orderId: t.body.data.orderId, tpslType: "tpsl" })).body.code).toBe("00000");
    expect((await alice.get<Plan[]>(`${V2.unfilled}?symbol=${S}&tpslType=tpsl`)).body.data).toHaveLength(0);
  });

  it("arms preset TP/SL when the order fills and cancels the other leg when one executes", async () => {
    // 0.1 of this fills alice's resting 3060 bid from the first test, 0.2 rests at 3000
    await maker.post(V2.placeOrder, limit("sell", "3000.00", "0.3"));
    const o = await alice.post<{ orderId: string }>(V2.placeOrder, {
      ...limit("buy", "3000.00", "0.2"),
      presetTakeProfitPrice: "3300.00",
      presetStopLossPrice: "2950.00",
    });
    expect(o.body.code).toBe("00000");
    const legs = await waitUntil(
      () => alice.get<Plan[]>(`${V2.unfilled}?symbol=${S}&tpslType=tpsl`),
      (r) => r.body.data.length === 2,
    );
    expect(legs.body.data.map((x) => x.triggerPrice).sort()).toEqual(["2950.00", "3300.00"]);
    // received 0.2 ETH minus the 0.1% fee, rounded down to the lot
    expect(legs.body.data[0]!.size).toBe("0.1998");
    // the price falls to 2950 (through the 2990 bids): the stop-loss sells, the take-profit is cancelled
    await maker.post(V2.placeOrder, limit("buy", "2950.00", "1"));
    await taker.post(V2.placeOrder, market("sell", "2.5"));
    const after = await waitUntil(
      () => alice.get<Plan[]>(`${V2.unfilled}?symbol=${S}&tpslType=tpsl`),
      (r) => r.body.data.length === 0,
    );
    expect(after.body.data).toHaveLength(0);
    const eth = await alice.get<Array<{ available: string }>>("/api/v2/spot/account/assets?coin=ETH");
    // demo ETH (10) + 0.1 bought by the plan order (less its 0.1% fee); the 0.1998 from the preset order went with the stop
    expect(eth.body.data[0]!.available).toBe("10.09990000");
    const hist = await alice.get<PlanPage>(`${V2.historyPlan}?symbol=${S}&startTime=0&endTime=${Date.now() + 60_000}`);
    expect(hist.body.code).toBe("00000");
  });
});
