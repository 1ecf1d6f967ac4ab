/**
 * Copy statements through the gateway process (docs/decisions/358): Bitget's
 * `mix-trader/profit-history-details` for the lead, the follower's and the lead's histories with
 * the close-time window and the pair filtered in SQL, and the refusals (a non-lead, a start after
 * the end, a cursor that is not an id).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { COPY_PATHS } from "../../protocol/copy.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { gatewayForSuite } from "../setup/suite.ts";
import { futuresOrder as order, openFutures, type Row } from "../setup/futures.ts";

const gw = gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off", COPY_LEAD_MIN_AGE_DAYS: "0" });
let lead: Client;
let fol: Client;
const Q = "productType=USDT-FUTURES";
type Tracks = { trackingList: Row[]; endId: string };
type Profits = { profitList: Row[]; endId: string };

beforeAll(async () => {
  lead = await openFutures(new Client(gw.url, makeKey(gw.dir, "cs-lead")));
  fol = await openFutures(new Client(gw.url, makeKey(gw.dir, "cs-fol")));
  for (const c of [lead, fol])
    expect(
      (await c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "2000", coin: "USDT" })).body.code,
    ).toBe("00000");
  expect((await lead.post(COPY_PATHS.traderApply, { profitShareRatio: "0.1" })).body.code).toBe("00000");
  const settings = [{ symbol: "BTCUSDT", productType: "USDT-FUTURES", traceType: "percent", traceValue: "100" }];
  expect((await fol.post(COPY_PATHS.followerSettings, { traderId: "cs-lead", settings })).body.code).toBe("00000");
});

describe("copy statements", () => {
  it("lists the closed copy on both sides, filtered by window and pair, and the lead's share per copy that paid one", async () => {
    const t0 = Date.now();
    expect((await order(lead, "buy", "0.01", "market", { tradeSide: "open" })).body.code).toBe("00000");
    await expect
      .poll(async () => (await fol.get<Tracks>(`${COPY_PATHS.followerCurrentOrders}?${Q}`)).body.data.trackingList.length)
      .toBe(1);
    expect((await order(lead, "buy", "0.01", "market", { tradeSide: "close" })).body.code).toBe("00000");
    await expect
      .poll(async () => (await fol.get<Tracks>(`${COPY_PATHS.followerHistoryOrders}?${Q}`)).body.data.trackingList.length)
      .toBe(1);

    const copy = (await fol.get<Tracks>(`${COPY_PATHS.followerHistoryOrders}?${Q}&startTime=${t0}&symbol=BTCUSDT`)).body.data;
    expect(copy.trackingList).toEqual([
      expect.objectContaining({ traderId: "cs-lead", symbol: "BTCUSDT", posSide: "long", closeSize: "0.010000", stopType: "" }),
    ]);
    expect(copy.endId).toBe(copy.trackingList[0]!.trackingNo);
    // a window that ends before the close, another pair, another trader: nothing
    for (const q of [`endTime=${t0 - 1}`, "symbol=ETHUSDT", "traderId=someone"])
      expect((await fol.get<Tracks>(`${COPY_PATHS.followerHistoryOrders}?${Q}&${q}`)).body.data.trackingList, q).toEqual([]);
    const tracks = (await lead.get<Tracks>(`${COPY_PATHS.traderHistoryTrack}?${Q}&startTime=${t0}`)).body.data.trackingList;
    expect(tracks).toEqual([expect.objectContaining({ symbol: "BTCUSDT", closeSize: "0.010000" })]);

    // the lead's share: one row per copy that paid one, as much as its income bills
    const share = Number(copy.trackingList[0]!.profitShare);
    const profits = (await lead.get<Profits>(COPY_PATHS.traderProfitHistory)).body.data;
    expect(profits.profitList).toEqual(
      share > 0
        ? [
            expect.objectContaining({
              profitId: copy.trackingList[0]!.trackingNo,
              coin: "USDT",
              followerUid: "cs-fol",
              symbol: "BTCUSDT",
              posSide: "long",
            }),
          ]
        : [],
    );
    const income = (await lead.get<{ bills: Row[] }>(`${MIX_PRIVATE.bills}?${Q}`)).body.data.bills
      .filter((b) => b.businessType === "tracking_trader_income")
      .reduce((a, b) => a + Number(b.amount), 0);
    expect(profits.profitList.reduce((a, p) => a + Number(p.profit), 0)).toBeCloseTo(income, 8);
    expect((await lead.get<Profits>(`${COPY_PATHS.traderProfitHistory}?coin=BTC`)).body.data.profitList).toEqual([]);
  });

  it("refuses a non-lead, a start after the end and a cursor that is not an id, never with a 500", async () => {
    const cases: Array<[Client, string, string]> = [
      [fol, COPY_PATHS.traderProfitHistory, "40701"],
      [lead, `${COPY_PATHS.traderProfitHistory}?startTime=2&endTime=1`, "40017"],
      [fol, `${COPY_PATHS.followerHistoryOrders}?${Q}&startTime=2&endTime=1`, "40017"],
      [fol, `${COPY_PATHS.followerHistoryOrders}?${Q}&idLessThan=abc`, "40017"],
      [lead, `${COPY_PATHS.traderHistoryTrack}?${Q}&symbol=NOPE`, "40017"],
    ];
    for (const [c, path, code] of cases) {
      const r = await c.get(path);
      expect(r.status, path).toBeLessThan(500);
      expect(r.body.code, path).toBe(code);
    }
  });
});
