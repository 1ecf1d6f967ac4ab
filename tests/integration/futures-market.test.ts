/**
 * The USDT-M futures market through the BFF (docs/decisions/310, 311): every public mix endpoint
 * with Bitget's documented requests, and what a careless or hostile caller sends instead.
 */
import { describe, expect, it } from "vitest";
import { EX_CODES } from "../../protocol/bitget.ts";
import { MIX } from "../../protocol/mix.ts";
import { webForSuite } from "../setup/suite.ts";

// A two-second funding interval, so settled rates appear during the test.
const web = webForSuite({ FUTURES_FUNDING_INTERVAL_MS: "2000", EXCHANGE_RATE_LIMITS: "off" });

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

async function get<T>(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${web.url}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

const BTC = "symbol=BTCUSDT&productType=USDT-FUTURES";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("futures market REST (Bitget v2 mix)", () => {
  it("lists a perpetual for every spot pair with Bitget's contract fields", async () => {
    const all = await get<Array<Record<string, unknown>>>(`${MIX.contracts}?productType=USDT-FUTURES`);
    expect(all.body.code).toBe("00000");
    expect(all.body.data.map((c) => c.symbol)).toEqual(expect.arrayContaining(["BTCUSDT", "ETHUSDT", "SOLUSDT", "DOGEUSDT"]));
    const one = await get<Array<Record<string, unknown>>>(`${MIX.contracts}?${BTC}`);
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({
      symbol: "BTCUSDT",
      baseCoin: "BTC",
      quoteCoin: "USDT",
      pricePlace: "2",
      volumePlace: "6",
      symbolType: "perpetual",
      symbolStatus: "normal",
      supportMarginCoins: ["USDT"],
      minLever: "1",
      maxLever: "125",
      makerFeeRate: "0.000200",
      takerFeeRate: "0.000600",
    });
    const tiers = await get<Array<Record<string, string>>>(`${MIX.queryPositionLever}?${BTC}`);
    expect(tiers.body.data[0]).toMatchObject({ level: "1", startUnit: "0", leverage: "125", keepMarginRate: "0.004000" });
    // other products list nothing; a lower-case product type is Bitget's too
    expect((await get<unknown[]>(`${MIX.contracts}?productType=COIN-FUTURES`)).body.data).toEqual([]);
    expect((await get<unknown[]>(`${MIX.contracts}?productType=usdt-futures`)).body.data.length).toBe(all.body.data.length);
  });

  it("quotes a two-sided book around a mark that stays near the index", async () => {
    const t = await get<Array<Record<string, string>>>(`${MIX.ticker}?${BTC}`);
    const k = t.body.data[0]!;
    const [mark, index, bid, ask] = [k.markPrice, k.indexPrice, k.bidPr, k.askPr].map(Number) as [number, number, number, number];
    expect(index).toBeGreaterThan(0);
    expect(Math.abs(mark - index) / index).toBeLessThan(0.01);
    expect(bid).toBeLessThan(ask);
    expect(k).toHaveProperty("fundingRate");
    expect(k).toHaveProperty("holdingAmount");
    const all = await get<Array<Record<string, string>>>(`${MIX.tickers}?productType=USDT-FUTURES`);
    expect(all.body.data.length).toBe(11); // one per spot pair, the platform coin's included (docs/decisions/353)
    const depth = await get<{ asks: number[][]; bids: number[][]; precision: string; scale: string }>(
      `${MIX.mergeDepth}?${BTC}&precision=scale1&limit=5`,
    );
    expect(depth.body.data.asks).toHaveLength(5);
    expect(depth.body.data.bids).toHaveLength(5);
    expect(typeof depth.body.data.asks[0]![0]).toBe("number");
    expect(depth.body.data.scale).toBe("0.10");
    expect(depth.body.data.bids[0]![0]!).toBeLessThan(depth.body.data.asks[0]![0]!);
    const sp = await get<Array<Record<string, string>>>(`${MIX.symbolPrice}?${BTC}`);
    expect(Number(sp.body.data[0]!.markPrice)).toBeGreaterThan(0);
  });

  it("trades, and serves fills, candles of last, mark and index prices, and open interest", async () => {
    await sleep(2500);
    const fills = await get<Array<Record<string, string>>>(`${MIX.fills}?${BTC}&limit=5`);
    expect(fills.body.data.length).toBeGreaterThan(0);
    const first = fills.body.data[0]!;
    expect(["buy", "sell"]).toContain(first.side);
    const older = await get<Array<{ tradeId: string }>>(`${MIX.fillsHistory}?${BTC}&idLessThan=${first.tradeId}&limit=10`);
    for (const f of older.body.data) expect(BigInt(f.tradeId) < BigInt(first.tradeId!)).toBe(true);
    for (const kind of ["MARKET", "MARK", "INDEX"]) {
      const c = await get<string[][]>(`${MIX.candles}?${BTC}&granularity=1m&limit=3&kLineType=${kind}`);
      expect(c.body.data).toHaveLength(3);
      expect(c.body.data[0]).toHaveLength(7);
    }
    const day = await get<string[][]>(`${MIX.candles}?${BTC}&granularity=1D&limit=30`);
    expect(day.body.data).toHaveLength(30);
    for (const path of [MIX.historyCandles, MIX.historyMarkCandles, MIX.historyIndexCandles]) {
      const h = await get<string[][]>(`${path}?${BTC}&granularity=1H&endTime=${Date.now()}&limit=500`);
      expect(h.body.data).toHaveLength(200);
    }
    const oi = await get<{ openInterestList: Array<{ symbol: string; size: string }> }>(`${MIX.openInterest}?${BTC}`);
    expect(oi.body.data.openInterestList[0]!.symbol).toBe("BTCUSDT");
    expect(Number(oi.body.data.openInterestList[0]!.size)).toBeGreaterThan(0);
  });

  it("publishes the current rate, the next funding time and settled rates", async () => {
    const cur = await get<Array<Record<string, string>>>(`${MIX.currentFundRate}?${BTC}`);
    expect(cur.body.data[0]).toMatchObject({ symbol: "BTCUSDT", maxFundingRate: "0.003000", minFundingRate: "-0.003000" });
    expect(Math.abs(Number(cur.body.data[0]!.fundingRate))).toBeLessThanOrEqual(0.003);
    const next = await get<Array<{ nextFundingTime: string }>>(`${MIX.fundingTime}?${BTC}`);
    expect(Number(next.body.data[0]!.nextFundingTime) % 2000).toBe(0);
    await sleep(4500);
    const hist = await get<Array<{ symbol: string; fundingRate: string; fundingTime: string }>>(
      `${MIX.historyFundRate}?${BTC}&pageSize=2&pageNo=1`,
    );
    expect(hist.body.data.length).toBe(2);
    expect(Number(hist.body.data[0]!.fundingTime)).toBeGreaterThan(Number(hist.body.data[1]!.fundingTime));
    expect(Number(hist.body.data[0]!.fundingTime) % 2000).toBe(0);
    const fund = await get<{ balance: string; marginCoin: string }>(`${MIX.protectionFund}?productType=USDT-FUTURES`);
    expect(fund.body.data.marginCoin).toBe("USDT");
    expect(Number(fund.body.data.balance)).toBeGreaterThanOrEqual(0);
  });

  it("answers bad input with Bitget's parameter codes, never a 500", async () => {
    const cases: Array<[string, string]> = [
      [`${MIX.tickers}`, EX_CODES.paramEmpty],
      [`${MIX.tickers}?productType=SPOT`, EX_CODES.paramInvalid],
      [`${MIX.ticker}?productType=USDT-FUTURES`, EX_CODES.paramEmpty],
      [`${MIX.ticker}?symbol=BTCUSDT`, EX_CODES.paramEmpty],
      [`${MIX.ticker}?symbol=NOPEUSDT&productType=USDT-FUTURES`, EX_CODES.paramNotExist],
      [`${MIX.ticker}?symbol=BTCUSDT&productType=COIN-FUTURES`, EX_CODES.paramNotExist],
      [`${MIX.ticker}?symbol=${"A".repeat(5000)}&productType=USDT-FUTURES`, EX_CODES.paramInvalid],
      [`${MIX.ticker}?symbol=BTCUSDT&symbol=ETHUSDT&productType=USDT-FUTURES`, EX_CODES.paramInvalid],
      [`${MIX.candles}?${BTC}`, EX_CODES.paramEmpty],
      [`${MIX.candles}?${BTC}&granularity=7min`, EX_CODES.paramInvalid],
      [`${MIX.candles}?${BTC}&granularity=1m&kLineType=LAST`, EX_CODES.paramInvalid],
      [`${MIX.candles}?${BTC}&granularity=1m&startTime=2000&endTime=1000`, EX_CODES.paramInvalid],
      [`${MIX.candles}?${BTC}&granularity=1m&limit=-1`, EX_CODES.paramInvalid],
      [`${MIX.fillsHistory}?${BTC}&idLessThan=abc`, EX_CODES.paramInvalid],
      [`${MIX.mergeDepth}?${BTC}&precision=scale9`, EX_CODES.paramInvalid],
      [`${MIX.mergeDepth}?${BTC}&limit=7`, EX_CODES.paramInvalid],
      [`${MIX.historyFundRate}?${BTC}&pageNo=0`, EX_CODES.paramInvalid],
    ];
    for (const [path, code] of cases) {
      const r = await get<unknown>(path);
      expect(r.status, path).toBeLessThan(500);
      expect(r.body.code, path).toBe(code);
    }
  });

  it("keeps the simulation (paptrading) market apart from the live one", async () => {
    const live = await get<Array<{ tradeId: string }>>(`${MIX.fills}?${BTC}&limit=100`);
    const paper = await get<Array<{ tradeId: string }>>(`${MIX.fills}?${BTC}&limit=100`, { paptrading: "1" });
    expect(paper.body.code).toBe("00000");
    const liveIds = new Set(live.body.data.map((f) => f.tradeId));
    for (const f of paper.body.data) expect(liveIds.has(f.tradeId)).toBe(false);
    const susdt = await get<unknown[]>(`${MIX.tickers}?productType=SUSDT-FUTURES`, { paptrading: "1" });
    expect(susdt.body.data.length).toBe(11);
  });
});
