/**
 * The public copy-trading reads through the gateway process (docs/decisions/357): the ranked list,
 * a lead's profile with its statistics, assets under copy and the positions it lets others see,
 * its closed tracks; demo leads apart from live ones; the refusals with Bitget's codes, never a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { COPY_PATHS, COPY_PUBLIC_PATHS } from "../../protocol/copy.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { gatewayForSuite } from "../setup/suite.ts";
import { futuresOrder as order, openFutures, type Row } from "../setup/futures.ts";

const gw = gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off", COPY_LEAD_MIN_AGE_DAYS: "0" });
let lead: Client;
let quiet: Client;
let fol: Client;
const anon = () => new Client(gw.url);
const demoAnon = () => new Client(gw.url, undefined, { paptrading: "1" });
type Detail = Row & { periods: Row[]; positions: Row[]; pnlCurve: string[][] };
type List = { total: string; list: Row[] };
const detail = async (c = anon()) => (await c.get<Detail>(`${COPY_PUBLIC_PATHS.traderDetail}?traderId=cp-lead`)).body;
const Q = "productType=USDT-FUTURES";

beforeAll(async () => {
  lead = await openFutures(new Client(gw.url, makeKey(gw.dir, "cp-lead")));
  quiet = await openFutures(new Client(gw.url, makeKey(gw.dir, "cp-quiet")));
  fol = await openFutures(new Client(gw.url, makeKey(gw.dir, "cp-fol")));
  for (const c of [lead, quiet, fol])
    expect(
      (await c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "3000", coin: "USDT" })).body.code,
    ).toBe("00000");
  expect((await lead.post(COPY_PATHS.traderApply, { profitShareRatio: "0.05" })).body.code).toBe("00000");
  expect((await quiet.post(COPY_PATHS.traderApply, {})).body.code).toBe("00000");
  const follow = await fol.post(COPY_PATHS.followerSettings, {
    traderId: "cp-lead",
    settings: [{ symbol: "BTCUSDT", productType: "USDT-FUTURES", traceType: "percent", traceValue: "100" }],
  });
  expect(follow.body.code).toBe("00000");
});

describe("a lead's public profile", () => {
  it("shows a closed track in its statistics and history, net of fees", async () => {
    expect((await order(lead, "buy", "0.01", "market", { tradeSide: "open" })).body.code).toBe("00000");
    expect((await order(lead, "buy", "0.01", "market", { tradeSide: "close" })).body.code).toBe("00000");
    const hist = (await anon().get<{ trackingList: Row[] }>(`${COPY_PUBLIC_PATHS.traderHistory}?traderId=cp-lead`)).body;
    expect(hist.code).toBe("00000");
    expect(hist.data.trackingList).toHaveLength(1);
    const h = hist.data.trackingList[0]!;
    expect(h).toMatchObject({ symbol: "BTCUSDT", posSide: "long", openSize: "0.010000", closeSize: "0.010000" });
    const d = await detail();
    expect(d.code).toBe("00000");
    expect(d.data).toMatchObject({ traderId: "cp-lead", profitShareRatio: "0.050000", followerCount: "1", positionVisibility: "show" });
    const net = Number(h.achievedPL) - Number(h.openFee) - Number(h.closeFee);
    expect(d.data.periods.map((p) => p.period)).toEqual(["7", "30", "90"]);
    for (const p of d.data.periods) {
      expect(p.trades).toBe("1");
      expect(Number(p.pnl)).toBeCloseTo(net, 8);
      expect(p.winRate).toBe(net > 0 ? "1.000000" : "0.000000");
    }
    expect(d.data.pnlCurve).toHaveLength(1);
    expect(Number(d.data.pnlCurve[0]![1])).toBeCloseTo(net, 8);
  });

  it("counts the followers' open copy margin as assets under copy, and shows positions as the lead chooses", async () => {
    expect((await order(lead, "buy", "0.02", "market", { tradeSide: "open" })).body.code).toBe("00000");
    await expect
      .poll(async () => (await fol.get<{ trackingList: Row[] }>(`${COPY_PATHS.followerCurrentOrders}?${Q}`)).body.data.trackingList.length)
      .toBe(1);
    const copy = (await fol.get<{ trackingList: Row[] }>(`${COPY_PATHS.followerCurrentOrders}?${Q}`)).body.data.trackingList[0]!;
    let d = await detail();
    expect(Number(d.data.aum)).toBeGreaterThan(0);
    expect(d.data.aum).toBe(copy.openMarginSz);
    expect(d.data.positions).toEqual([expect.objectContaining({ symbol: "BTCUSDT", posSide: "long", openSize: "0.020000" })]);
    expect(d.data.positions[0]).not.toHaveProperty("followCount");

    // delay: a position opened less than 30 minutes ago does not show yet
    const set = (v: unknown, c = lead) => c.post<Row>(COPY_PUBLIC_PATHS.positionVisibility, { positionVisibility: v });
    expect((await set("DELAY")).body.data).toMatchObject({ positionVisibility: "delay" });
    d = await detail();
    expect(d.data).toMatchObject({ positionVisibility: "delay", positionDelayMinutes: "30" });
    expect(d.data.positions).toEqual([]);
    expect((await set("hide")).body.code).toBe("00000");
    expect((await detail()).data.positions).toEqual([]);
    expect((await set("show")).body.code).toBe("00000");
    expect((await detail()).data.positions).toHaveLength(1);
    // only a lead sets it, only to the three values, and never unsigned
    expect((await set("hide", fol)).body.code).toBe("40701");
    for (const bad of ["", "all", 1, null]) expect((await set(bad)).body.code, String(bad)).not.toBe("00000");
    const unsigned = await anon().post(COPY_PUBLIC_PATHS.positionVisibility, { positionVisibility: "hide" });
    expect(unsigned.status).toBeLessThan(500);
    expect(unsigned.body.code).not.toBe("00000");
    expect((await detail()).data.positions).toHaveLength(1);
    expect((await lead.post(COPY_PATHS.traderClosePositions, { productType: "USDT-FUTURES" })).body.code).toBe("00000");
  });
});

describe("the ranked list", () => {
  it("ranks every live lead by the chosen key, pages, and keeps demo leads apart", async () => {
    const list = async (qs: string, c = anon()) => (await c.get<List>(`${COPY_PUBLIC_PATHS.traders}?${qs}`)).body;
    const byFollowers = await list("sortBy=followers&period=7");
    expect(byFollowers.code).toBe("00000");
    expect(byFollowers.data.total).toBe("2");
    expect(byFollowers.data.list.map((r) => r.traderId)).toEqual(["cp-lead", "cp-quiet"]);
    expect(byFollowers.data.list[0]).toMatchObject({ rank: "1", followerCount: "1", period: "7" });
    expect(byFollowers.data.list[1]).toMatchObject({ rank: "2", followerCount: "0", trades: "0", pnl: "0.00000000" });
    const page2 = await list("sortBy=followers&pageSize=1&pageNo=2");
    expect(page2.data.list.map((r) => [r.rank, r.traderId])).toEqual([["2", "cp-quiet"]]);
    // the lead's PnL is its fees' loss or a gain: sorting by PnL puts the higher first either way
    const byPnl = (await list("sortBy=pnl")).data.list;
    expect(Number(byPnl[0]!.pnl)).toBeGreaterThanOrEqual(Number(byPnl[1]!.pnl));
    // no demo lead has applied: the simulation's list is empty, and a live lead's profile is not there
    expect((await list("", demoAnon())).data).toMatchObject({ total: "0", list: [] });
    expect((await detail(demoAnon())).code).toBe("40701");
  });

  it("refuses bad queries with Bitget's codes, never a 500", async () => {
    for (const qs of ["period=14", "sortBy=name", "pageNo=0", "pageNo=x", "period=7&sortBy=__proto__"]) {
      const r = await anon().get(`${COPY_PUBLIC_PATHS.traders}?${qs}`);
      expect(r.status, qs).toBeLessThan(500);
      expect(r.body.code, qs).not.toBe("00000");
    }
    for (const path of [
      `${COPY_PUBLIC_PATHS.traderDetail}?traderId=nobody`,
      `${COPY_PUBLIC_PATHS.traderDetail}?traderId=cp-fol`,
      `${COPY_PUBLIC_PATHS.traderHistory}?traderId=nobody`,
    ])
      expect((await anon().get(path)).body.code, path).toBe("40701");
    for (const path of [COPY_PUBLIC_PATHS.traderDetail, `${COPY_PUBLIC_PATHS.traderDetail}?traderId=${"x".repeat(100)}`]) {
      const r = await anon().get(path);
      expect(r.status).toBeLessThan(500);
      expect(r.body.code).not.toBe("00000");
    }
  });
});
