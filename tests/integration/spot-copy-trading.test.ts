/**
 * Spot copy trading through the gateway process (docs/decisions/360): a spot lead applies and
 * buys, a follower's copy appears in its account as an ordinary spot order marked COPY, the lead's
 * sell sells the copy with it and the share moves in spot bills, the follower unfollows; demo is
 * apart from live; Bitget's v2 spot copy paths with their shapes, and bad input refused (never a 500).
 */
import { describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { SPOT_COPY_PATHS as P } from "../../protocol/spot-copy.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { gatewayForSuite } from "../setup/suite.ts";

type Row = Record<string, string>;
type Tracks = { trackingList: Row[]; endId: string };
const gw = gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off", COPY_LEAD_MIN_AGE_DAYS: "0" });
const client = (id: string, demo = false) => new Client(gw.url, makeKey(gw.dir, id), demo ? { paptrading: "1" } : {});
const pair = (over: Record<string, string> = {}) => ({ symbol: "ETHUSDT", traceType: "percent", traceValue: "1", ...over });
const eth = async (c: Client) => (await c.get<Row[]>(`${V2.assets}?coin=ETH`)).body.data.find((a) => a.coin === "ETH")?.available ?? "0";

describe("spot copy trading", () => {
  it("copies a lead's buy and sell into the follower's account, with the share in spot bills; refuses bad input", async () => {
    const lead = client("sc-lead");
    const fol = client("sc-fol");
    const stranger = client("sc-stranger");
    for (const c of [lead, fol, stranger]) expect((await c.get(V2.assets)).body.code).toBe("00000");

    // the lead applies; a second application, a rate above the ceiling and non-leads on lead paths are refused
    expect((await lead.post(P.traderApply, { profitShareRatio: "0.5" })).body.code).toBe("40017");
    const applied = await lead.post<Row>(P.traderApply, { profitShareRatio: "0.1" });
    expect(applied.body).toMatchObject({ code: "00000", data: { traderId: "sc-lead", profitShareRatio: "0.100000" } });
    expect((await lead.post(P.traderApply, {})).body.code).toBe("40401");
    expect((await stranger.get(P.traderCurrentTrack)).body.code).toBe("40701");
    expect((await stranger.get(P.traderFollowers)).body.code).toBe("40701");

    const bad: Array<[Client, unknown, string]> = [
      [fol, { traderId: "sc-lead", settings: [pair({ traceType: "count" })] }, "40017"],
      [fol, { traderId: "sc-lead", settings: [pair({ traceValue: "20" })] }, "40017"],
      [fol, { traderId: "sc-lead", settings: [pair({ traceValue: "0.001" })] }, "40017"],
      [fol, { traderId: "sc-lead", settings: [pair({ symbol: "NOPEUSDT" })] }, "40017"],
      [fol, { traderId: "sc-lead", settings: [pair({ stopLossRatio: "150" })] }, "40017"],
      [fol, { traderId: "sc-lead", settings: [pair({ stopLossRatio: "0.5" })] }, "40017"],
      [fol, { traderId: "sc-lead", settings: [pair({ stopSurplusRatio: "0" })] }, "40017"],
      [fol, { traderId: "sc-lead", settings: [pair({ maxHoldSize: "-5" })] }, "40017"],
      [fol, { traderId: "sc-lead", settings: [pair(), pair()] }, "40017"],
      [fol, { traderId: "sc-lead", settings: [] }, "40017"],
      [fol, { traderId: "sc-lead", settings: "ETHUSDT" }, "40017"],
      [fol, { traderId: "x".repeat(500), settings: [pair()] }, "40017"],
      [fol, { traderId: "nobody", settings: [pair()] }, "40017"],
      [lead, { traderId: "sc-lead", settings: [pair()] }, "40601"],
    ];
    for (const [c, body, code] of bad) {
      const r = await c.post(P.followerSettings, body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(
      (
        await fol.post(P.followerSettings, {
          traderId: "sc-lead",
          settings: [pair({ maxHoldSize: "1000", stopSurplusRatio: "200", stopLossRatio: "" })],
        })
      ).body,
    ).toMatchObject({
      code: "00000",
      data: "success",
    });
    expect((await fol.get(`${P.followerQuerySettings}?traderId=sc-stranger`)).body.code).toBe("40702");
    const s = await fol.get<{ detailList: Row[] }>(`${P.followerQuerySettings}?traderId=sc-lead`);
    expect(s.body.data.detailList).toEqual([
      expect.objectContaining({
        symbol: "ETHUSDT",
        traceType: "percent",
        traceValue: "1.000000",
        maxHoldSize: "1000.00000000",
        stopSurplusRatio: "200",
        stopLossRatio: "",
      }),
    ]);
    expect((await lead.get<Row[]>(P.traderFollowers)).body.data).toEqual([
      expect.objectContaining({ followerUid: "sc-fol", followerName: "Trader-SCFOL" }),
    ]);
    expect((await fol.get<Row[]>(P.followerTraders)).body.data).toEqual([
      expect.objectContaining({ traderId: "sc-lead", currentTradingPairs: ["ETHUSDT"] as unknown as string }),
    ]);

    // the lead buys 300 USDT of ETH at market: the follower's copy is an ordinary spot order marked COPY
    const buy = await lead.post<Row>(V2.placeOrder, { symbol: "ETHUSDT", side: "buy", orderType: "market", size: "300" });
    expect(buy.body.code).toBe("00000");
    await expect
      .poll(async () => (await fol.get<Tracks>(P.followerCurrentOrders)).body.data.trackingList.length, { timeout: 10_000 })
      .toBe(1);
    const cur = (await fol.get<Tracks>(P.followerCurrentOrders)).body.data.trackingList[0]!;
    expect(cur).toMatchObject({ traderId: "sc-lead", symbol: "ETHUSDT" });
    expect(Number(cur.fillSize)).toBeGreaterThan(0);
    const recs = (await fol.get<{ recordList: Row[] }>(P.followerCopyRecords)).body.data.recordList;
    expect(recs).toEqual([
      expect.objectContaining({ side: "buy", status: "placed", traderOrderId: buy.body.data.orderId, traderName: "Trader-SCLEAD" }),
    ]);
    const info = await fol.get<Row[]>(`${V2.orderInfo}?orderId=${recs[0]!.orderId}`);
    expect(info.body.data[0]).toMatchObject({ enterPointSource: "COPY", force: "ioc", orderType: "limit", side: "buy" });
    expect(info.body.data[0]!.clientOid).toMatch(/^scopy\d+$/);
    const lt = (await lead.get<Tracks>(`${P.traderCurrentTrack}?symbol=ETHUSDT`)).body.data.trackingList;
    expect(lt).toEqual([expect.objectContaining({ symbol: "ETHUSDT", followCount: "1" })]);
    expect((await lead.get(`${P.traderCurrentTrack}?symbol=NOPE`)).body.code).toBe("40017");

    // selling by hand: bad input and someone else's copy refused
    const closeBad: Array<[Client, string, unknown, string]> = [
      [fol, P.followerCloseTracking, { symbol: "ETHUSDT", trackingNoList: ["abc"] }, "40017"],
      [fol, P.followerCloseTracking, { symbol: "ETHUSDT", trackingNoList: [] }, "40017"],
      [fol, P.followerCloseTracking, { symbol: "NOPE", trackingNoList: [cur.trackingNo] }, "40017"],
      [stranger, P.followerCloseTracking, { symbol: "ETHUSDT", trackingNoList: [cur.trackingNo] }, "22002"],
      [stranger, P.traderCloseTracking, { symbol: "ETHUSDT", trackingNoList: [lt[0]!.trackingNo] }, "40701"],
      [lead, P.traderCloseTracking, { symbol: "ETHUSDT", trackingNoList: ["999999"] }, "22002"],
    ];
    for (const [c, path, body, code] of closeBad) {
      const r = await c.post(path, body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }

    // the lead sells all its ETH: the copy is sold whole, and a positive result pays the lead a tenth of it
    const leadEth = await eth(lead);
    const sell = await lead.post(V2.placeOrder, {
      symbol: "ETHUSDT",
      side: "sell",
      orderType: "market",
      size: leadEth.slice(0, leadEth.indexOf(".") + 5),
    });
    expect(sell.body.code).toBe("00000");
    await expect
      .poll(async () => (await fol.get<Tracks>(P.followerCurrentOrders)).body.data.trackingList.length, { timeout: 10_000 })
      .toBe(0);
    const hist = (await fol.get<Tracks>(P.followerHistoryOrders)).body.data.trackingList;
    expect(hist).toEqual([expect.objectContaining({ trackingNo: cur.trackingNo, traderId: "sc-lead", symbol: "ETHUSDT" })]);
    const pl = Number(hist[0]!.achievedPL);
    const share = Number(hist[0]!.profitShare);
    expect(share).toBeCloseTo(pl > 0 ? pl / 10 : 0, 6);
    const bills = async (c: Client, type: string) =>
      (await c.get<Row[]>(`${V2.bills}?coin=USDT&businessType=${type}`)).body.data.map((b) => Number(b.size));
    expect(await bills(fol, "TRACKING_FOLLOW_PAY")).toEqual(share > 0 ? [-share] : []);
    expect(await bills(lead, "TRACKING_TRADER_INCOME")).toEqual(share > 0 ? [share] : []);
    expect((await lead.get<Tracks>(P.traderHistoryTrack)).body.data.trackingList).toEqual([expect.objectContaining({ symbol: "ETHUSDT" })]);

    // unfollow: once; a stranger's is refused
    expect((await stranger.post(P.followerCancelTrader, { traderId: "sc-lead" })).body.code).toBe("40702");
    expect((await fol.post(P.followerCancelTrader, { traderId: "sc-lead" })).body).toMatchObject({ code: "00000", data: "success" });
    expect((await fol.post(P.followerCancelTrader, { traderId: "sc-lead" })).body.code).toBe("40702");
    expect((await fol.post(P.followerCancelTrader, {})).body.code).toBe("40019");
  });

  it("lets a follower stop a copy (kept, no longer sold with the lead) and a lead remove a follower", async () => {
    const lead = client("sc-lead2");
    const fol = client("sc-fol2");
    const other = client("sc-other2");
    for (const c of [lead, fol, other]) expect((await c.get(V2.assets)).body.code).toBe("00000");
    expect((await lead.post(P.traderApply, {})).body.code).toBe("00000");
    for (const c of [fol, other])
      expect((await c.post(P.followerSettings, { traderId: "sc-lead2", settings: [pair()] })).body.code).toBe("00000");
    expect((await lead.post(V2.placeOrder, { symbol: "ETHUSDT", side: "buy", orderType: "market", size: "100" })).body.code).toBe("00000");
    await expect
      .poll(async () => (await fol.get<Tracks>(P.followerCurrentOrders)).body.data.trackingList.length, { timeout: 10_000 })
      .toBe(1);
    const cur = (await fol.get<Tracks>(P.followerCurrentOrders)).body.data.trackingList[0]!;
    for (const [body, code] of [
      [{ trackingNoList: ["x"] }, "40017"],
      [{ trackingNoList: [] }, "40017"],
      [{}, "40019"],
      [{ trackingNoList: ["424242"] }, "22002"],
    ] as const) {
      const r = await fol.post(P.followerStopOrder, body);
      expect(r.status).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }
    expect((await other.post(P.followerStopOrder, { trackingNoList: [cur.trackingNo] })).body.code).toBe("22002");
    expect((await fol.post(P.followerStopOrder, { trackingNoList: [cur.trackingNo] })).body).toMatchObject({
      code: "00000",
      data: "success",
    });
    expect((await fol.get<Tracks>(P.followerCurrentOrders)).body.data.trackingList).toEqual([]);
    const held = await eth(fol);
    // the lead's sell no longer sells the stopped copy
    const leadEth = await eth(lead);
    const half = (Number(leadEth) / 2).toFixed(4);
    expect((await lead.post(V2.placeOrder, { symbol: "ETHUSDT", side: "sell", orderType: "market", size: half })).body.code).toBe("00000");
    await expect
      .poll(async () => (await other.get<{ recordList: Row[] }>(P.followerCopyRecords)).body.data.recordList.length, { timeout: 10_000 })
      .toBe(2);
    expect(await eth(fol)).toBe(held);
    // the lead removes a follower: only its own
    expect((await other.post(P.traderRemoveFollower, { followerUid: "sc-fol2" })).body.code).toBe("40701");
    expect((await lead.post(P.traderRemoveFollower, { followerUid: "nobody" })).body.code).toBe("40017");
    expect((await lead.post(P.traderRemoveFollower, { followerUid: "sc-other2" })).body).toMatchObject({ code: "00000", data: "success" });
    expect((await other.get<Row[]>(P.followerTraders)).body.data).toEqual([]);
    expect((await lead.get<Row[]>(P.traderFollowers)).body.data).toEqual([expect.objectContaining({ followerUid: "sc-fol2" })]);
  });

  it("keeps demo apart: a demo lead's buy is copied to its demo follower, never to live", async () => {
    const lead = client("sc-dlead", true);
    const fol = client("sc-dfol", true);
    const liveFol = client("sc-dfol");
    expect((await lead.get(V2.assets)).body.code).toBe("00000");
    expect((await lead.post(P.traderApply, {})).body.code).toBe("00000");
    // the live account is no lead: following it live is refused
    expect((await liveFol.post(P.followerSettings, { traderId: "sc-dlead", settings: [pair()] })).body.code).toBe("40017");
    expect(
      (await fol.post(P.followerSettings, { traderId: "sc-dlead", settings: [pair({ traceType: "amount", traceValue: "100" })] })).body
        .code,
    ).toBe("00000");
    expect((await lead.post(V2.placeOrder, { symbol: "ETHUSDT", side: "buy", orderType: "market", size: "200" })).body.code).toBe("00000");
    await expect
      .poll(async () => (await fol.get<Tracks>(P.followerCurrentOrders)).body.data.trackingList.length, { timeout: 10_000 })
      .toBe(1);
    expect((await liveFol.get<Tracks>(P.followerCurrentOrders)).body.data.trackingList).toEqual([]);
    expect((await liveFol.get<{ recordList: Row[] }>(P.followerCopyRecords)).body.data.recordList).toEqual([]);
  });
});
