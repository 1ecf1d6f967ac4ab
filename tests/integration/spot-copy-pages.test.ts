/**
 * Spot leads in public through the gateway process (docs/decisions/362): the ranked spot leads, a
 * spot lead's profile (figures, holdings as it lets them show) and closed holdings, unsigned; the
 * lead's holding visibility and shares earned and an account's copy roles, signed; per environment;
 * bad input refused with Bitget's codes, never a 500; a spot copy's fills say their order's source.
 */
import { describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { SPOT_COPY_PATHS as P, SPOT_COPY_PUBLIC_PATHS as Q } from "../../protocol/spot-copy.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { gatewayForSuite } from "../setup/suite.ts";

type Row = Record<string, string>;
type Tracks = { trackingList: Row[]; endId: string };
const gw = gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off", COPY_LEAD_MIN_AGE_DAYS: "0" });
const client = (id: string, demo = false) => new Client(gw.url, makeKey(gw.dir, id), demo ? { paptrading: "1" } : {});
const pub = async <T = unknown>(path: string, demo = false) => {
  const r = await fetch(gw.url + path, { headers: demo ? { paptrading: "1" } : {} });
  return { status: r.status, body: (await r.json()) as { code: string; msg: string; data: T } };
};

describe("spot leads in public", () => {
  it("lists a spot lead, shows its profile and closed holdings, its shares earned; roles; refuses bad input", async () => {
    const lead = client("sp-lead");
    const fol = client("sp-fol");
    const other = client("sp-other");
    for (const c of [lead, fol, other]) expect((await c.get(V2.assets)).body.code).toBe("00000");
    expect((await lead.post(P.traderApply, { profitShareRatio: "0.1" })).body.code).toBe("00000");
    const settings = { traderId: "sp-lead", settings: [{ symbol: "ETHUSDT", traceType: "percent", traceValue: "1" }] };
    expect((await fol.post(P.followerSettings, settings)).body.code).toBe("00000");

    // roles: never an error for a non-lead
    expect((await lead.get(Q.roles)).body.data).toEqual({
      futuresLead: false,
      futuresFollower: false,
      spotLead: true,
      spotFollower: false,
    });
    expect((await fol.get(Q.roles)).body.data).toEqual({ futuresLead: false, futuresFollower: false, spotLead: false, spotFollower: true });
    expect((await other.get(Q.roles)).body).toMatchObject({ code: "00000", data: { spotLead: false, spotFollower: false } });
    expect((await fetch(gw.url + Q.roles)).status).toBeGreaterThanOrEqual(400);

    // the lead buys, the follower's copy follows; the holding shows on the profile
    expect((await lead.post(V2.placeOrder, { symbol: "ETHUSDT", side: "buy", orderType: "market", size: "300" })).body.code).toBe("00000");
    await expect
      .poll(async () => (await fol.get<Tracks>(P.followerCurrentOrders)).body.data.trackingList.length, { timeout: 10_000 })
      .toBe(1);
    let detail = await pub<Record<string, unknown>>(`${Q.traderDetail}?traderId=sp-lead`);
    expect(detail.body.code).toBe("00000");
    expect(detail.body.data).toMatchObject({
      traderId: "sp-lead",
      followerCount: "1",
      positionVisibility: "show",
      positionDelayMinutes: "30",
    });
    expect(detail.body.data.holdings).toEqual([expect.objectContaining({ symbol: "ETHUSDT", trackingNo: expect.any(String) })]);
    expect(Object.keys((detail.body.data.holdings as Row[])[0]!).sort()).toEqual([
      "buyPrice",
      "buyTime",
      "holdSize",
      "symbol",
      "trackingNo",
    ]);
    expect(Number(detail.body.data.aum)).toBeGreaterThan(200);

    // a copy's fills carry its order's source (the spot screen marks them)
    const rec = (await fol.get<{ recordList: Row[] }>(P.followerCopyRecords)).body.data.recordList[0]!;
    const fills = (await fol.get<Row[]>(`${V2.tradeFills}?symbol=ETHUSDT`)).body.data;
    expect(fills.filter((f) => f.orderId === rec.orderId).map((f) => f.enterPointSource)).toEqual(expect.arrayContaining(["COPY"]));
    expect(new Set(fills.map((f) => f.enterPointSource))).toEqual(new Set(["COPY"]));
    const own = (await lead.get<Row[]>(`${V2.tradeFills}?symbol=ETHUSDT`)).body.data;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((f) => f.enterPointSource !== "COPY")).toBe(true);

    // the lead hides its holdings: the public sees none; only a spot lead may choose
    expect((await lead.post(Q.holdingVisibility, { positionVisibility: "hide" })).body.code).toBe("00000");
    expect((await fol.post(Q.holdingVisibility, { positionVisibility: "hide" })).body.code).toBe("40701");
    expect((await lead.post(Q.holdingVisibility, { positionVisibility: "sometimes" })).body.code).toBe("40017");
    detail = await pub(`${Q.traderDetail}?traderId=sp-lead`);
    expect(detail.body.data).toMatchObject({ positionVisibility: "hide", holdings: [] });

    // the lead sells all: a closed holding in the figures and the history
    const eth = (await lead.get<Row[]>(`${V2.assets}?coin=ETH`)).body.data.find((a) => a.coin === "ETH")?.available ?? "0";
    const sell = await lead.post(V2.placeOrder, {
      symbol: "ETHUSDT",
      side: "sell",
      orderType: "market",
      size: eth.slice(0, eth.indexOf(".") + 5),
    });
    expect(sell.body.code).toBe("00000");
    await expect
      .poll(async () => (await fol.get<Tracks>(P.followerCurrentOrders)).body.data.trackingList.length, { timeout: 10_000 })
      .toBe(0);
    const list = await pub<{ list: Row[]; total: string }>(`${Q.traders}?period=7&sortBy=pnl`);
    expect(list.body.code).toBe("00000");
    const row = list.body.data.list.find((r) => r.traderId === "sp-lead")!;
    expect(row).toMatchObject({ period: "7", trades: "1", followerCount: "1", profitShareRatio: "0.100000", aum: "0.00000000" });
    const hist = await pub<Tracks>(`${Q.traderHistory}?traderId=sp-lead`);
    expect(hist.body.data.trackingList).toEqual([expect.objectContaining({ symbol: "ETHUSDT", achievedPL: row.pnl })]);
    expect(hist.body.data.endId).toBe(hist.body.data.trackingList[0]!.trackingNo);

    // shares earned: the lead's list (a row per paying copy) equals its income bills; a non-lead is refused
    const earned = await lead.get<{ profitList: Row[] }>(Q.traderProfitHistory);
    expect(earned.body.code).toBe("00000");
    const income = (await lead.get<Row[]>(`${V2.bills}?coin=USDT&businessType=TRACKING_TRADER_INCOME`)).body.data;
    expect(earned.body.data.profitList.map((r) => Number(r.profit))).toEqual(income.map((b) => Number(b.size)));
    for (const r of earned.body.data.profitList) expect(r).toMatchObject({ coin: "USDT", followerUid: "sp-fol", symbol: "ETHUSDT" });
    expect((await lead.get<{ profitList: Row[] }>(`${Q.traderProfitHistory}?coin=BTC`)).body.data.profitList).toEqual([]);
    expect((await fol.get(Q.traderProfitHistory)).body.code).toBe("40701");

    // bad input and unknown traders: Bitget's codes, never a 500; demo is apart
    const bad: Array<[string, string]> = [
      [`${Q.traders}?period=5`, "40017"],
      [`${Q.traders}?sortBy=luck`, "40017"],
      [`${Q.traders}?pageNo=0`, "40017"],
      [`${Q.traderDetail}?traderId=sp-fol`, "40701"],
      [`${Q.traderDetail}?traderId=${"x".repeat(100)}`, "40017"],
      [`${Q.traderHistory}?traderId=sp-lead&idLessThan=abc`, "40017"],
    ];
    for (const [path, code] of bad) {
      const r = await pub(path);
      expect(r.status, path).toBeLessThan(500);
      expect(r.body.code, path).toBe(code);
    }
    expect((await pub(Q.traderDetail)).status).toBeLessThan(500);
    for (const [path, code] of [
      [`${Q.traderProfitHistory}?startTime=5&endTime=1`, "40017"],
      [`${Q.traderProfitHistory}?symbol=NOPE`, "40017"],
    ] as const)
      expect((await lead.get(path)).body.code, path).toBe(code);
    expect((await pub(`${Q.traderDetail}?traderId=sp-lead`, true)).body.code).toBe("40701");
    expect((await pub<{ list: Row[] }>(Q.traders, true)).body.data.list.some((r) => r.traderId === "sp-lead")).toBe(false);
    expect((await client("sp-lead", true).get(Q.roles)).body.data).toMatchObject({ spotLead: false });
  });
});
