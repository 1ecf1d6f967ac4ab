/**
 * Futures copy trading through the gateway process (docs/decisions/356): a lead applies and trades,
 * a follower's settings follow it, each lead fill appears in the follower's account as an ordinary
 * order marked as a copy, the lead's close closes the copy and the lead earns its share, and the
 * follower unfollows; Bitget's v2 copy-trading paths with their shapes, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPY_PATHS } from "../../protocol/copy.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { gatewayForSuite } from "../setup/suite.ts";
import { futuresOrder as order, futuresPositions as positions, openFutures, type Row } from "../setup/futures.ts";

const gw = gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off", COPY_LEAD_MIN_AGE_DAYS: "0" });
let lead: Client;
let fol: Client;
let unopened: Client;
let stranger: Client;

const toFutures = (c: Client, amount: string) =>
  c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount, coin: "USDT" });
const pair = (over: Record<string, string> = {}) => ({
  symbol: "BTCUSDT",
  productType: "USDT-FUTURES",
  traceType: "percent",
  traceValue: "200",
  ...over,
});
const Q = "productType=USDT-FUTURES";
type Tracks = { trackingList: Row[]; endId: string };

beforeAll(async () => {
  lead = await openFutures(new Client(gw.url, makeKey(gw.dir, "ct-lead")));
  fol = await openFutures(new Client(gw.url, makeKey(gw.dir, "ct-fol")));
  unopened = new Client(gw.url, makeKey(gw.dir, "ct-unopened"));
  stranger = await openFutures(new Client(gw.url, makeKey(gw.dir, "ct-stranger")));
  for (const c of [lead, fol, unopened, stranger]) expect((await toFutures(c, "2000")).body.code).toBe("00000");
});

afterAll(() => undefined);

describe("a lead applies", () => {
  it("refuses a rate above the ceiling, accepts one within it, and refuses a second application", async () => {
    expect((await lead.post(COPY_PATHS.traderApply, { profitShareRatio: "0.2" })).body.code).toBe("40017");
    expect((await lead.post(COPY_PATHS.traderApply, { profitShareRatio: "ten" })).body.code).toBe("40017");
    const r = await lead.post<Row>(COPY_PATHS.traderApply, { profitShareRatio: "0.1" });
    expect(r.body.code).toBe("00000");
    expect(r.body.data).toMatchObject({ traderId: "ct-lead", profitShareRatio: "0.100000" });
    expect((await lead.post(COPY_PATHS.traderApply, {})).body.code).toBe("40401");
    // a lead trades in hedge mode
    const acc = await lead.get<Row>(`${MIX_PRIVATE.account}?symbol=BTCUSDT&${Q}&marginCoin=USDT`);
    expect(acc.body.data.posMode).toBe("hedge_mode");
    // a non-lead reading the lead's tracks is Bitget's "KOL is not authorized"
    expect((await stranger.get(`${COPY_PATHS.traderCurrentTrack}?${Q}`)).body.code).toBe("40701");
  });
});

describe("a follower follows", () => {
  it("refuses other product types, unknown trace types and traders, and a lead following", async () => {
    const bad: Array<[Client, unknown, string]> = [
      [fol, { traderId: "ct-lead", settings: [pair({ productType: "COIN-FUTURES" })] }, "40609"],
      [fol, { traderId: "ct-lead", settings: [pair({ traceType: "count" })] }, "40017"],
      [fol, { traderId: "ct-lead", settings: [pair({ traceValue: "5000" })] }, "40017"],
      [fol, { traderId: "ct-lead", settings: [pair({ symbol: "NOPEUSDT" })] }, "40017"],
      [fol, { traderId: "ct-lead", settings: [pair(), pair()] }, "40017"],
      [fol, { traderId: "ct-lead", settings: [] }, "40017"],
      [fol, { traderId: "nobody", settings: [pair()] }, "40017"],
      [fol, { traderId: "ct-lead", settings: [pair()], totalLossLimit: "-1" }, "40017"],
      [fol, { traderId: "ct-lead", settings: [pair({ stopSurplusRatio: "0" })] }, "40017"],
      [fol, { traderId: "ct-lead", settings: [pair({ stopLossRatio: "1.5" })] }, "40017"],
      [fol, { traderId: "ct-lead", settings: [pair({ stopLossRatio: "-0.2" })] }, "40017"],
      [fol, { traderId: "ct-lead", settings: [pair({ stopSurplusRatio: "abc" })] }, "40017"],
      [lead, { traderId: "ct-lead", settings: [pair()] }, "40601"],
    ];
    for (const [c, body, code] of bad) {
      const r = await c.post(COPY_PATHS.followerSettings, body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }
    const ok = await fol.post(COPY_PATHS.followerSettings, {
      traderId: "ct-lead",
      settings: [pair({ stopSurplusRatio: "0.5", stopLossRatio: "" })],
      totalLossLimit: "500",
    });
    expect(ok.body).toMatchObject({ code: "00000", data: "success" });
    // an account without futures opened may follow: its copies are refused and recorded (docs/decisions/351)
    expect(
      (await unopened.post(COPY_PATHS.followerSettings, { traderId: "ct-lead", settings: [pair({ traceValue: "100" })] })).body.code,
    ).toBe("00000");
    const s = await fol.get<{ detailList: Row[]; totalLossLimit: string }>(`${COPY_PATHS.followerQuerySettings}?traderId=ct-lead`);
    expect(s.body.data.totalLossLimit).toBe("500.00000000");
    expect(s.body.data.detailList).toEqual([
      expect.objectContaining({
        symbol: "BTCUSDT",
        traceType: "percent",
        traceValue: "200.0000",
        stopSurplusRatio: "0.500000",
        stopLossRatio: "",
      }),
    ]);
    const traders = await fol.get<Row[]>(COPY_PATHS.followerTraders);
    expect(traders.body.data.map((t) => t.traderId)).toEqual(["ct-lead"]);
    const followers = await lead.get<Row[]>(COPY_PATHS.traderFollowers);
    expect(followers.body.data.map((f) => f.followerUid).sort()).toEqual(["ct-fol", "ct-unopened"]);
  });
});

describe("a lead trade is copied", () => {
  it("opens the copy in the follower's account as an order marked COPY, closes it with the lead, and pays the lead its share", async () => {
    const open = await order(lead, "buy", "0.01", "market", { tradeSide: "open" });
    expect(open.body.code).toBe("00000");
    // the copy runs right after the lead's fill is durable
    await expect
      .poll(async () => (await fol.get<Tracks>(`${COPY_PATHS.followerCurrentOrders}?${Q}`)).body.data.trackingList.length)
      .toBe(1);
    const cur = (await fol.get<Tracks>(`${COPY_PATHS.followerCurrentOrders}?${Q}`)).body.data.trackingList[0]!;
    expect(cur).toMatchObject({ traderId: "ct-lead", symbol: "BTCUSDT", posSide: "long", openSize: "0.020000" });
    const pos = await positions(fol);
    expect(pos).toEqual([expect.objectContaining({ symbol: "BTCUSDT", holdSide: "long", total: "0.020000" })]);
    const hist = await fol.get<{ entrustedList: Row[] }>(`${MIX_PRIVATE.ordersHistory}?${Q}`);
    const copyOrder = hist.body.data.entrustedList.find((o) => o.orderId === cur.openOrderId)!;
    expect(copyOrder.enterPointSource).toBe("COPY");
    expect(copyOrder.clientOid).toMatch(/^copy\d+$/);
    // the lead sees its track with its follower count
    const lt = await lead.get<Tracks>(`${COPY_PATHS.traderCurrentTrack}?${Q}`);
    expect(lt.body.data.trackingList).toEqual([
      expect.objectContaining({ symbol: "BTCUSDT", posSide: "long", openSize: "0.010000", followCount: "2" }),
    ]);
    // the account without futures opened: a refusal with the opening's code
    const refused = (await unopened.get<{ recordList: Row[] }>(COPY_PATHS.followerCopyRecords)).body.data.recordList;
    expect(refused).toEqual([
      expect.objectContaining({
        action: "open",
        status: "refused",
        code: "40301",
        traderOrderId: open.body.data.orderId,
        // the lead named as everywhere else (docs/decisions/363): no name chosen, so its default
        traderName: "Trader-CTLEAD",
      }),
    ]);
    expect(await positions(unopened)).toEqual([]);

    const close = await order(lead, "buy", "0.01", "market", { tradeSide: "close" });
    expect(close.body.code).toBe("00000");
    await expect
      .poll(async () => (await fol.get<Tracks>(`${COPY_PATHS.followerCurrentOrders}?${Q}`)).body.data.trackingList.length)
      .toBe(0);
    expect(await positions(fol)).toEqual([]);
    const done = (await fol.get<Tracks>(`${COPY_PATHS.followerHistoryOrders}?${Q}`)).body.data.trackingList;
    expect(done).toEqual([expect.objectContaining({ trackingNo: cur.trackingNo, closeSize: "0.020000", traderId: "ct-lead" })]);
    // a share is paid only on a positive net, and is then a tenth of it, in the follower's and the lead's bills
    const net = Number(done[0]!.achievedPL) - Number(done[0]!.openFee) - Number(done[0]!.closeFee);
    const share = Number(done[0]!.profitShare);
    expect(share).toBeCloseTo(net > 0 ? net / 10 : 0, 6);
    const folBills = (await fol.get<{ bills: Row[] }>(`${MIX_PRIVATE.bills}?${Q}`)).body.data.bills.filter(
      (b) => b.businessType === "tracking_follow_pay",
    );
    const leadBills = (await lead.get<{ bills: Row[] }>(`${MIX_PRIVATE.bills}?${Q}`)).body.data.bills.filter(
      (b) => b.businessType === "tracking_trader_income",
    );
    expect(folBills.map((b) => -Number(b.amount))).toEqual(share > 0 ? [share] : []);
    expect(leadBills.map((b) => Number(b.amount))).toEqual(share > 0 ? [share] : []);
    const lh = (await lead.get<Tracks>(`${COPY_PATHS.traderHistoryTrack}?${Q}`)).body.data.trackingList;
    expect(lh).toEqual([expect.objectContaining({ symbol: "BTCUSDT", closeSize: "0.010000" })]);
  });
});

describe("closing by hand", () => {
  it("lets the follower close its copies and the lead close its tracks, through the order path, and refuses others", async () => {
    expect((await order(lead, "buy", "0.01", "market", { tradeSide: "open" })).body.code).toBe("00000");
    await expect.poll(async () => (await positions(fol)).length).toBe(1);
    const bad: Array<[Client, string, unknown, string]> = [
      [fol, COPY_PATHS.followerClosePositions, { productType: "USDT-FUTURES", holdSide: "both" }, "40017"],
      [fol, COPY_PATHS.followerClosePositions, { productType: "COIN-FUTURES" }, "40609"],
      [fol, COPY_PATHS.followerClosePositions, { productType: "USDT-FUTURES", trackingNo: "99999" }, "22002"],
      [stranger, COPY_PATHS.followerClosePositions, { productType: "USDT-FUTURES" }, "22002"],
      [stranger, COPY_PATHS.traderClosePositions, { productType: "USDT-FUTURES" }, "40701"],
    ];
    for (const [c, path, body, code] of bad) expect((await c.post(path, body)).body.code, JSON.stringify(body)).toBe(code);
    const mine = await fol.post<Row[]>(COPY_PATHS.followerClosePositions, { productType: "USDT-FUTURES", symbol: "BTCUSDT" });
    expect(mine.body.code).toBe("00000");
    expect(mine.body.data).toEqual([expect.objectContaining({ symbol: "BTCUSDT", posSide: "long" })]);
    expect(await positions(fol)).toEqual([]);
    const theirs = await lead.post<Row[]>(COPY_PATHS.traderClosePositions, { productType: "USDT-FUTURES" });
    expect(theirs.body.code).toBe("00000");
    expect(theirs.body.data).toEqual([
      expect.objectContaining({ symbol: "BTCUSDT", posSide: "long", orderId: expect.stringMatching(/^\d+$/) }),
    ]);
    expect(await positions(lead)).toEqual([]);
    expect((await lead.get<Tracks>(`${COPY_PATHS.traderCurrentTrack}?${Q}`)).body.data.trackingList).toEqual([]);
  });
});

describe("unfollow", () => {
  it("keeps the copies by default, and refuses a second unfollow and other users' follows", async () => {
    const open = await order(lead, "sell", "0.01", "market", { tradeSide: "open" });
    expect(open.body.code).toBe("00000");
    await expect.poll(async () => (await positions(fol)).length).toBe(1);
    expect((await stranger.post(COPY_PATHS.followerCancelTrader, { traderId: "ct-lead" })).body.code).toBe("40702");
    expect((await fol.post(COPY_PATHS.followerCancelTrader, { traderId: "ct-lead", closePositions: "maybe" })).body.code).toBe("40017");
    expect((await fol.post(COPY_PATHS.followerCancelTrader, { traderId: "ct-lead" })).body.code).toBe("00000");
    expect((await fol.post(COPY_PATHS.followerCancelTrader, { traderId: "ct-lead" })).body.code).toBe("40702");
    expect(await positions(fol)).toEqual([expect.objectContaining({ holdSide: "short", total: "0.020000" })]);
    // the lead's close no longer reaches the kept position
    expect((await order(lead, "sell", "0.01", "market", { tradeSide: "close" })).body.code).toBe("00000");
    await expect.poll(async () => (await lead.get<Tracks>(`${COPY_PATHS.traderCurrentTrack}?${Q}`)).body.data.trackingList.length).toBe(0);
    expect(await positions(fol)).toEqual([expect.objectContaining({ holdSide: "short", total: "0.020000" })]);
    const hist = (await fol.get<Tracks>(`${COPY_PATHS.followerHistoryOrders}?${Q}`)).body.data.trackingList;
    expect(hist[0]).toMatchObject({ stopType: "detached", posSide: "short" });
  });
});
