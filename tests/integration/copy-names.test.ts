/**
 * The leads' display names through the gateway process (docs/decisions/363): chosen on applying in
 * either product, one per user across both, changed by the signed house endpoint, shown by the public
 * and private reads in `traderName`; another lead's name, bad names and non-leads refused with the
 * envelope's codes, never a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { COPY_NAME_PATHS, COPY_PATHS, COPY_PUBLIC_PATHS } from "../../protocol/copy.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { SPOT_COPY_PATHS, SPOT_COPY_PUBLIC_PATHS } from "../../protocol/spot-copy.ts";
import { V2 } from "../../protocol/bitget.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { gatewayForSuite } from "../setup/suite.ts";
import { futuresOrder as order, openFutures, type Row } from "../setup/futures.ts";

const gw = gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off", COPY_LEAD_MIN_AGE_DAYS: "0" });
const anon = () => new Client(gw.url);
let spotLead: Client;
let futLead: Client;
let fol: Client;
let stranger: Client;
const rename = (c: Client, nickName: unknown) => c.post<Row>(COPY_NAME_PATHS.updateNickname, { nickName });

beforeAll(async () => {
  spotLead = new Client(gw.url, makeKey(gw.dir, "ln-spot"));
  futLead = await openFutures(new Client(gw.url, makeKey(gw.dir, "ln-fut")));
  fol = await openFutures(new Client(gw.url, makeKey(gw.dir, "ln-fol")));
  stranger = new Client(gw.url, makeKey(gw.dir, "ln-stranger"));
  expect((await spotLead.get(V2.assets)).body.code).toBe("00000");
  expect((await stranger.get(V2.assets)).body.code).toBe("00000");
  for (const c of [futLead, fol])
    expect(
      (await c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "3000", coin: "USDT" })).body.code,
    ).toBe("00000");
});

describe("lead display names", () => {
  it("takes a name on applying, refuses another lead's in any spelling without admitting, and shows it in every read", async () => {
    const spot = await spotLead.post<Row>(SPOT_COPY_PATHS.traderApply, { nickName: "Spot Star" });
    expect(spot.body).toMatchObject({ code: "00000", data: { traderId: "ln-spot", nickName: "Spot Star" } });

    // a taken name (another case, separator, Cyrillic "а") refuses the application: the account is no lead
    for (const taken of ["spot star", "Spot_Star", "Spot Stаr"]) {
      const r = await futLead.post(COPY_PATHS.traderApply, { nickName: taken });
      expect(r.body.code, taken).toBe("20004");
      expect(r.status, taken).toBe(200); // the house's duplicate answer, like a sub-account's nickname
    }
    expect((await futLead.get(`${COPY_PATHS.traderCurrentTrack}?productType=USDT-FUTURES`)).body.code).toBe("40701");
    expect((await futLead.post(COPY_PATHS.traderApply, { nickName: "<script>x</script>" })).body.code).toBe("40017");

    // Bitget clients send "": the generated name, which shows nothing but the id's tail
    const fut = await futLead.post<Row>(COPY_PATHS.traderApply, { nickName: "" });
    expect(fut.body).toMatchObject({ code: "00000", data: { traderId: "ln-fut", nickName: "Trader-LNFUT" } });

    const renamed = await rename(futLead, "Futures Ace");
    expect(renamed.body).toMatchObject({ code: "00000", data: { traderId: "ln-fut", nickName: "Futures Ace" } });
    expect((await rename(futLead, "Futures Ace")).body.code).toBe("00000"); // a replay

    const follow = await fol.post(COPY_PATHS.followerSettings, {
      traderId: "ln-fut",
      settings: [{ symbol: "BTCUSDT", productType: "USDT-FUTURES", traceType: "percent", traceValue: "100" }],
    });
    expect(follow.body.code).toBe("00000");

    const list = (await anon().get<{ list: Row[] }>(COPY_PUBLIC_PATHS.traders)).body.data.list;
    expect(list.find((r) => r.traderId === "ln-fut")?.traderName).toBe("Futures Ace");
    const detail = (await anon().get<Row>(`${COPY_PUBLIC_PATHS.traderDetail}?traderId=ln-fut`)).body.data;
    expect(detail).toMatchObject({ traderId: "ln-fut", traderName: "Futures Ace" });
    const spotList = (await anon().get<{ list: Row[] }>(SPOT_COPY_PUBLIC_PATHS.traders)).body.data.list;
    expect(spotList.find((r) => r.traderId === "ln-spot")?.traderName).toBe("Spot Star");
    const spotDetail = (await anon().get<Row>(`${SPOT_COPY_PUBLIC_PATHS.traderDetail}?traderId=ln-spot`)).body.data;
    expect(spotDetail.traderName).toBe("Spot Star");
    const mine = (await fol.get<Row[]>(COPY_PATHS.followerTraders)).body.data;
    expect(mine).toEqual([expect.objectContaining({ traderId: "ln-fut", traderName: "Futures Ace" })]);
    const followers = (await futLead.get<Row[]>(COPY_PATHS.traderFollowers)).body.data;
    expect(followers[0]).toMatchObject({ followerUid: "ln-fol", followerName: "Trader-LNFOL" });

    // the follower's copies name the lead too
    expect((await order(futLead, "buy", "0.01", "market", { tradeSide: "open" })).body.code).toBe("00000");
    const copies = async () =>
      (await fol.get<{ trackingList: Row[] }>(`${COPY_PATHS.followerCurrentOrders}?productType=USDT-FUTURES`)).body;
    await expect.poll(async () => (await copies()).data.trackingList.length).toBe(1);
    expect((await copies()).data.trackingList[0]).toMatchObject({ traderId: "ln-fut", traderName: "Futures Ace" });
  });

  it("refuses a rename by a non-lead (40701), to another lead's name (20004), and bad names (40017), never a 500", async () => {
    expect((await rename(stranger, "Nobody Here")).body.code).toBe("40701");
    const cases: Array<[Client, unknown, string]> = [
      [futLead, "SPOT STAR", "20004"],
      [futLead, "", "40017"],
      [futLead, "x", "40017"],
      [futLead, "x".repeat(10_240), "40017"],
      [futLead, "<script>alert(1)</script>", "40017"],
      [futLead, " Futures Ace", "40017"],
      [futLead, 42, "40017"],
      [futLead, undefined, "40019"],
      [futLead, "Trader-123456", "40017"],
    ];
    for (const [c, name, code] of cases) {
      const r = await rename(c, name);
      expect(r.status, String(name).slice(0, 20)).toBeLessThan(500);
      expect(r.body.code, String(name).slice(0, 20)).toBe(code);
    }
    const detail = (await anon().get<Row>(`${COPY_PUBLIC_PATHS.traderDetail}?traderId=ln-fut`)).body.data;
    expect(detail.traderName).toBe("Futures Ace");
    // the spot lead's own name in another spelling is its own to take
    expect((await rename(spotLead, "SPOT-STAR")).body).toMatchObject({ code: "00000", data: { nickName: "SPOT-STAR" } });
  });
});
