import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { Client, startGateway, stopGateway, tempDataDir, type RunningGateway } from "../../gateway/exchange/testing/harness.ts";

let gw: RunningGateway;
let c: Client;

beforeAll(async () => {
  gw = await startGateway(tempDataDir());
  c = new Client(gw.base);
});
afterAll(async () => {
  await stopGateway(gw);
});

const DAY = 86_400_000;

describe("exchange public REST (Bitget v2)", () => {
  it("serves server time and at least 8 USDT pairs with precisions", async () => {
    const t = await c.get<{ serverTime: string }>(V2.time);
    expect(t.body.code).toBe("00000");
    expect(Math.abs(Number(t.body.data.serverTime) - Date.now())).toBeLessThan(60_000);
    const s = await c.get<Array<Record<string, string>>>(V2.symbols);
    expect(s.body.data.length).toBeGreaterThanOrEqual(8);
    const names = s.body.data.map((x) => x.symbol);
    for (const n of ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT", "DOGEUSDT"]) expect(names).toContain(n);
    const btc = s.body.data.find((x) => x.symbol === "BTCUSDT")!;
    expect(btc).toMatchObject({
      baseCoin: "BTC",
      quoteCoin: "USDT",
      pricePrecision: "2",
      quantityPrecision: "6",
      status: "online",
      minTradeUSDT: "1",
    });
    const one = await c.get<unknown[]>(`${V2.symbols}?symbol=ETHUSDT`);
    expect(one.body.data).toHaveLength(1);
    const coins = await c.get<Array<{ coin: string; chains: unknown[] }>>(V2.coins);
    expect(coins.body.data.map((x) => x.coin)).toContain("USDT");
    const margin = await c.get<Array<{ symbol: string; isBorrowable: boolean }>>(V2.marginCurrencies);
    expect(margin.body.data.find((m) => m.symbol === "BTCUSDT")?.isBorrowable).toBe(true);
  });

  it("has a living two-sided book and trades every second", async () => {
    const ob = await c.get<{ asks: string[][]; bids: string[][] }>(`${V2.orderbook}?symbol=BTCUSDT&limit=5`);
    expect(ob.body.data.asks.length).toBe(5);
    expect(ob.body.data.bids.length).toBe(5);
    expect(Number(ob.body.data.bids[0]![0])).toBeLessThan(Number(ob.body.data.asks[0]![0]));
    const md = await c.get<{ asks: string[][]; scale: string }>(`${V2.mergeDepth}?symbol=BTCUSDT&precision=scale2&limit=5`);
    expect(md.body.data.scale).toBe("1.00");
    const first = await c.get<Array<{ tradeId: string }>>(`${V2.marketFills}?symbol=SOLUSDT&limit=1`);
    await new Promise((r) => setTimeout(r, 2200));
    const later = await c.get<Array<{ tradeId: string; side: string }>>(`${V2.marketFills}?symbol=SOLUSDT&limit=5`);
    expect(later.body.data[0]!.tradeId).not.toBe(first.body.data[0]?.tradeId);
    expect(["buy", "sell"]).toContain(later.body.data[0]!.side);
    const tk = await c.get<Array<Record<string, string>>>(V2.tickers);
    expect(tk.body.data.length).toBeGreaterThanOrEqual(8);
    expect(Number(tk.body.data[0]!.lastPr)).toBeGreaterThan(0);
  });

  it("back-fills a year of daily and 30 days of 1-minute candles", async () => {
    const daily = await c.get<string[][]>(`${V2.candles}?symbol=BTCUSDT&granularity=1Dutc&limit=1000`);
    expect(daily.body.data.length).toBeGreaterThanOrEqual(365);
    const ts = daily.body.data.map((r) => Number(r[0]));
    for (let i = 1; i < ts.length; i++) expect(ts[i]! - ts[i - 1]!).toBe(DAY);
    for (const r of daily.body.data) expect(Number(r[2])).toBeGreaterThanOrEqual(Math.max(Number(r[1]), Number(r[4])));
    const old = await c.get<string[][]>(`${V2.candles}?symbol=ETHUSDT&granularity=1min&endTime=${Date.now() - 29 * DAY}&limit=100`);
    expect(old.body.data).toHaveLength(100);
    const h = await c.get<string[][]>(`${V2.historyCandles}?symbol=ETHUSDT&granularity=1week&endTime=${Date.now()}&limit=30`);
    expect(h.body.data.length).toBe(30);
    expect(new Date(Number(h.body.data[0]![0]) + 8 * 3_600_000).getUTCDay()).toBe(1);
    for (const g of [
      "3min",
      "5min",
      "15min",
      "30min",
      "1h",
      "4h",
      "6h",
      "12h",
      "1day",
      "3day",
      "1M",
      "6Hutc",
      "12Hutc",
      "3Dutc",
      "1Wutc",
      "1Mutc",
    ]) {
      const r = await c.get<string[][]>(`${V2.candles}?symbol=DOGEUSDT&granularity=${g}&limit=3`);
      expect(r.body.code, g).toBe("00000");
      expect(r.body.data.length, g).toBeGreaterThan(0);
    }
  });

  it("answers bad input with clean Bitget codes", async () => {
    const bad = await c.get(`${V2.orderbook}?symbol=NOPEUSDT`);
    expect([bad.status, bad.body.code]).toEqual([400, "40034"]);
    const g = await c.get(`${V2.candles}?symbol=BTCUSDT&granularity=2min`);
    expect(g.body.code).toBe("40017");
    const missing = await c.get(`${V2.candles}?granularity=1min`);
    expect(missing.body.code).toBe("40019");
    const h = await c.get(`${V2.historyCandles}?symbol=BTCUSDT&granularity=1min`);
    expect(h.body.code).toBe("40019");
    const lim = await c.get(`${V2.marketFills}?symbol=BTCUSDT&limit=abc`);
    expect(lim.body.code).toBe("40017");
  });
});
