/**
 * Bitget v2 convert against the real gateway process with the signed client (docs/decisions/334):
 * currencies, a quote priced on the simulation book, the trade as the user's FOK order (both
 * sides of the ledger move), replay, another user's quote, a moved book, the key's permissions,
 * records with their paging, and bad input answered with Bitget's codes. The simulated market is
 * off, so the only liquidity is the maker's order placed here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { CONVERT_PATHS } from "../../protocol/convert.ts";
import { Client, makeKey, startGateway, stopGateway, tempDataDir, type RunningGateway } from "../../gateway/exchange/testing/harness.ts";

type Asset = { coin: string; available: string; frozen: string };
type Quote = {
  fromCoin: string;
  fromCoinSize: string;
  cnvtPrice: string;
  toCoin: string;
  toCoinSize: string;
  traceId: string;
  fee: string;
};
type Record = {
  id: string;
  ts: string;
  cnvtPrice: string;
  fee: string;
  fromCoin: string;
  fromCoinSize: string;
  toCoin: string;
  toCoinSize: string;
};

const PAPER = { paptrading: "1" };
let gw: RunningGateway;
let alice: Client;
let aliceRead: Client;
let aliceLive: Client;
let bob: Client;
let carol: Client;
let price = "";

const units = (s: string) => {
  const [w, f = ""] = s.split(".");
  return BigInt(w! + f.padEnd(8, "0").slice(0, 8));
};

async function balance(c: Client, coin: string): Promise<bigint> {
  const r = await c.get<Asset[]>(`${V2.assets}?coin=${coin}`);
  const a = r.body.data[0];
  return a ? units(a.available) + units(a.frozen) : 0n;
}

const quote = (c: Client, query: string) => c.get<Quote>(`${CONVERT_PATHS.quotedPrice}?${query}`);
const trade = (c: Client, q: Quote, change: Partial<Quote> = {}) => {
  const { traceId, fromCoin, toCoin, fromCoinSize, toCoinSize, cnvtPrice } = { ...q, ...change };
  return c.post<{ ts: string; cnvtPrice: string; toCoin: string; toCoinSize: string }>(CONVERT_PATHS.trade, {
    traceId,
    fromCoin,
    toCoin,
    fromCoinSize,
    toCoinSize,
    cnvtPrice,
  });
};

/** The maker's ask of 0.05 BTC at the pair's last price: the only liquidity of the simulation book. */
async function makerAsk(): Promise<void> {
  const r = await bob.post<{ orderId: string }>(V2.placeOrder, {
    symbol: "BTCUSDT",
    side: "sell",
    orderType: "limit",
    force: "gtc",
    price,
    size: "0.05",
  });
  expect(r.body.code).toBe("00000");
}

beforeAll(async () => {
  gw = await startGateway(tempDataDir(), { EXCHANGE_SIMULATOR: "off", EXCHANGE_RATE_LIMITS: "off" });
  const key = makeKey(gw.dataDir, "alice");
  alice = new Client(gw.base, key, PAPER);
  aliceLive = new Client(gw.base, key);
  aliceRead = new Client(gw.base, makeKey(gw.dataDir, "alice", ["read"]), PAPER);
  bob = new Client(gw.base, makeKey(gw.dataDir, "bob"), PAPER);
  carol = new Client(gw.base, makeKey(gw.dataDir, "carol"), PAPER);
  const t = await bob.get<Array<{ lastPr: string }>>(`${V2.tickers}?symbol=BTCUSDT`);
  price = t.body.data[0]!.lastPr;
  expect(Number(price)).toBeGreaterThan(0);
}, 90_000);
afterAll(async () => {
  await stopGateway(gw);
});

describe("convert through the gateway", () => {
  it("lists the coins with the caller's available balance and one conversion's limits", async () => {
    const r = await alice.get<Array<{ coin: string; available: string; maxAmount: string; minAmount: string }>>(CONVERT_PATHS.currencies);
    expect(r.body.code).toBe("00000");
    const usdt = r.body.data.find((c) => c.coin === "USDT");
    const btc = r.body.data.find((c) => c.coin === "BTC");
    expect(usdt).toMatchObject({ available: "50000.00000000", minAmount: "2", maxAmount: "1000000" });
    expect(units(btc!.available)).toBe(units("1"));
    expect(Number(btc!.minAmount)).toBeGreaterThan(0);
  });

  it("converts USDT to BTC as the user's FOK order against the maker: both sides move, nothing is created", async () => {
    await makerAsk();
    const before = {
      aUsdt: await balance(alice, "USDT"),
      aBtc: await balance(alice, "BTC"),
      bUsdt: await balance(bob, "USDT"),
      bBtc: await balance(bob, "BTC"),
    };
    const q = await quote(alice, "fromCoin=USDT&toCoin=BTC&fromCoinSize=1000");
    expect(q.body.code).toBe("00000");
    expect(q.body.data).toMatchObject({ fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "1000" });
    expect(q.body.data.traceId).toMatch(/^\d+$/);

    // another user cannot use the quote, and a read-only key cannot trade
    expect((await trade(carol, q.body.data)).body.code).toBe("40017");
    const ro = await trade(aliceRead, q.body.data);
    expect([ro.status, ro.body.code]).toEqual([403, "40014"]);

    const t = await trade(alice, q.body.data);
    expect(t.body.code).toBe("00000");
    expect(t.body.data.toCoin).toBe("BTC");
    expect(units(t.body.data.toCoinSize)).toBeGreaterThanOrEqual(units(q.body.data.toCoinSize));
    const after = {
      aUsdt: await balance(alice, "USDT"),
      aBtc: await balance(alice, "BTC"),
      bUsdt: await balance(bob, "USDT"),
      bBtc: await balance(bob, "BTC"),
    };
    const paid = before.aUsdt - after.aUsdt;
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(units("1000"));
    expect(after.aBtc - before.aBtc).toBe(units(t.body.data.toCoinSize));
    // the maker sold what alice bought (plus alice's fee, in BTC) and got what she paid less its own fee
    const sold = before.bBtc - after.bBtc;
    expect(sold).toBeGreaterThan(after.aBtc - before.aBtc);
    expect(after.bUsdt - before.bUsdt).toBeLessThanOrEqual(paid);
    expect(after.bUsdt - before.bUsdt).toBeGreaterThan((paid * 998n) / 1000n);

    // the same traceId again: refused, nothing moves
    const replay = await trade(alice, q.body.data);
    expect([replay.status, replay.body.code]).toEqual([400, "40017"]);
    expect(await balance(alice, "USDT")).toBe(after.aUsdt);
  });

  it("refuses with 43010 and moves nothing when the book no longer fills the quote", async () => {
    await makerAsk();
    const q = await quote(alice, "fromCoin=USDT&toCoin=BTC&fromCoinSize=500");
    expect(q.body.code).toBe("00000");
    // the maker takes its asks away
    expect((await bob.post(V2.cancelSymbol, { symbol: "BTCUSDT" })).body.code).toBe("00000");
    const before = await balance(alice, "USDT");
    const t = await trade(alice, q.body.data);
    expect([t.status, t.body.code]).toEqual([400, "43010"]);
    expect(await balance(alice, "USDT")).toBe(before);
    const open = await alice.get<unknown[]>(`${V2.unfilled}?symbol=BTCUSDT`);
    expect(open.body.data).toEqual([]);
  });

  it("funds a new account on its first call, as the spot endpoints do, so a bot may quote first", async () => {
    await makerAsk();
    const dave = new Client(gw.base, makeKey(gw.dataDir, "dave"), PAPER);
    const q = await quote(dave, "fromCoin=USDT&toCoin=BTC&fromCoinSize=100");
    expect(q.body.code).toBe("00000");
    expect((await trade(dave, q.body.data)).body.code).toBe("00000");
  });

  it("keeps live and simulation apart", async () => {
    await makerAsk();
    const q = await quote(alice, "fromCoin=USDT&toCoin=BTC&fromCoinSize=100");
    expect((await trade(aliceLive, q.body.data)).body.code).toBe("40017");
    // the live book has no liquidity here at all
    expect((await quote(aliceLive, "fromCoin=USDT&toCoin=BTC&fromCoinSize=100")).body.code).toBe("43010");
    expect((await trade(alice, q.body.data)).body.code).toBe("00000");
  });

  it("lists the user's conversions with Bitget's fields, newest first, in pages", async () => {
    const now = Date.now();
    const path = (extra = "") => `${CONVERT_PATHS.record}?startTime=${now - 3_600_000}&endTime=${now + 60_000}${extra}`;
    const all = await alice.get<{ dataList: Record[]; endId: string }>(path());
    expect(all.body.code).toBe("00000");
    expect(all.body.data.dataList).toHaveLength(2);
    const [newest, older] = all.body.data.dataList;
    expect(Object.keys(newest!).sort()).toEqual(["cnvtPrice", "fee", "fromCoin", "fromCoinSize", "id", "toCoin", "toCoinSize", "ts"]);
    expect(newest).toMatchObject({ fromCoin: "USDT", toCoin: "BTC" });
    expect(BigInt(newest!.id)).toBeGreaterThan(BigInt(older!.id));
    const page = await alice.get<{ dataList: Record[]; endId: string }>(path("&limit=1"));
    expect(page.body.data.dataList).toHaveLength(1);
    const next = await alice.get<{ dataList: Record[]; endId: string }>(path(`&limit=1&idLessThan=${page.body.data.endId}`));
    expect(next.body.data.dataList[0]!.id).toBe(older!.id);
    // others see none of them; live has none
    expect((await carol.get<{ dataList: Record[] }>(path())).body.data.dataList).toEqual([]);
    expect((await aliceLive.get<{ dataList: Record[] }>(path())).body.data.dataList).toEqual([]);
  });

  it("answers bad input with Bitget's codes, never a 500", async () => {
    const cases: Array<[string, string]> = [
      [`${CONVERT_PATHS.quotedPrice}?fromCoin=USDT&toCoin=BTC`, "40019"],
      [`${CONVERT_PATHS.quotedPrice}?toCoin=BTC&fromCoinSize=10`, "40019"],
      [`${CONVERT_PATHS.quotedPrice}?fromCoin=NOPE&toCoin=BTC&fromCoinSize=10`, "40034"],
      [`${CONVERT_PATHS.quotedPrice}?fromCoin=BTC&toCoin=ETH&fromCoinSize=0.1`, "40017"],
      [`${CONVERT_PATHS.quotedPrice}?fromCoin=USDT&toCoin=BTC&fromCoinSize=abc`, "40808"],
      [`${CONVERT_PATHS.quotedPrice}?fromCoin=USDT&toCoin=BTC&fromCoinSize=10&fromCoinSz=20`, "40017"],
      [`${CONVERT_PATHS.record}?endTime=1`, "40019"],
      [`${CONVERT_PATHS.record}?startTime=0&endTime=${91 * 86_400_000}`, "40017"],
      [`${CONVERT_PATHS.record}?startTime=0&endTime=1&idLessThan=x`, "40017"],
    ];
    for (const [path, code] of cases) {
      const r = await alice.get(path);
      expect([path, r.status, r.body.code]).toEqual([path, 400, code]);
    }
    const bodies: Array<[unknown, string]> = [
      [{}, "40019"],
      [{ traceId: "1", fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "1", toCoinSize: "1", cnvtPrice: "1" }, "40017"],
      [{ traceId: ["x"], fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "1", toCoinSize: "1", cnvtPrice: "1" }, "40017"],
    ];
    for (const [body, code] of bodies) {
      const r = await alice.post(CONVERT_PATHS.trade, body);
      expect([r.status, r.body.code]).toEqual([400, code]);
    }
    // Bitget's own example spells the size `fromCoinSz`
    await makerAsk();
    expect((await quote(alice, "fromCoin=USDT&toCoin=BTC&fromCoinSz=50")).body.data.fromCoinSize).toBe("50");
  });
});
