/**
 * ccxt compatibility (docs/decisions/308): the unmodified library's public market reads, and the
 * few private reads of fees and currencies, through the BFF, on live and on demo.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ccxtForSuite, MODES, SPOT, SWAP, type Bitget } from "../setup/ccxt.ts";
import { webForSuite } from "../setup/suite.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "1000" });
const suite = ccxtForSuite("ccxt-public", web);

const PRODUCT_TYPES = ["USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES", "SUSDT-FUTURES", "SCOIN-FUTURES", "SUSDC-FUTURES"];

function ascendingCandles(rows: number[][]) {
  expect(rows.length).toBeGreaterThan(0);
  for (const [t, o, h, l, c, v] of rows) {
    expect([t, o, h, l, c, v].every((x) => typeof x === "number" && Number.isFinite(x))).toBe(true);
    expect(h).toBeGreaterThanOrEqual(Math.max(o!, c!, l!));
    expect(l).toBeLessThanOrEqual(Math.min(o!, c!));
  }
  const times = rows.map((r) => r[0]!);
  expect([...times].sort((a, b) => a - b)).toEqual(times);
}

describe.each(MODES)("ccxt public reads (%s)", (mode) => {
  let ex: Bitget;
  beforeAll(async () => {
    ex = await suite.client(mode, `ccxt-public-${mode}`);
  });

  it("loadMarkets: its six contract lists all answer, and spot, margin and USDT-M swap markets are parsed", async () => {
    const markets = await ex.loadMarkets();
    expect(markets[SPOT]).toMatchObject({ id: "BTCUSDT", spot: true, margin: true, base: "BTC", quote: "USDT" });
    expect(markets[SWAP]).toMatchObject({ id: "BTCUSDT", swap: true, linear: true, settle: "USDT", contract: true });
    expect(markets[SWAP]!.precision.price).toBeGreaterThan(0);
    // issue 27 item 1: every documented productType is a question the contracts list answers (empty where none is listed)
    for (const productType of PRODUCT_TYPES) {
      const r = (await ex.publicMixGetV2MixMarketContracts({ productType })) as { code: string; data: unknown[] };
      expect(r.code, productType).toBe("00000");
      expect(Array.isArray(r.data), productType).toBe(true);
    }
  });

  it("fetchTime, fetchCurrencies, fetchCurrenciesWs", async () => {
    const t = await ex.fetchTime();
    expect(Math.abs(Number(t) - Date.now())).toBeLessThan(60_000);
    const cur = await ex.fetchCurrencies();
    expect(cur.USDT).toMatchObject({ code: "USDT" });
    expect(Object.keys(cur.USDT!.networks ?? {}).length).toBeGreaterThan(0);
    const ws = await ex.fetchCurrenciesWs();
    expect(Object.keys(ws)).toContain("BTC");
  });

  it("fetchTicker, fetchTickers (spot and swap)", async () => {
    for (const s of [SPOT, SWAP]) {
      const t = await ex.fetchTicker(s);
      expect(t.symbol).toBe(s);
      expect(t.last).toBeGreaterThan(0);
      expect(t.bid!).toBeLessThanOrEqual(t.ask!);
    }
    const spot = await ex.fetchTickers([SPOT, "ETH/USDT"]);
    expect(Object.keys(spot).sort()).toEqual(["BTC/USDT", "ETH/USDT"]);
    const swaps = await ex.fetchTickers(undefined, { type: "swap" });
    expect(swaps[SWAP]?.last).toBeGreaterThan(0);
  });

  it("fetchOrderBook, fetchL2OrderBook: sorted sides that do not cross", async () => {
    for (const s of [SPOT, SWAP]) {
      const b = await ex.fetchOrderBook(s, 5);
      expect(b.symbol).toBe(s);
      expect(b.bids.length).toBeGreaterThan(0);
      expect(b.bids.length).toBeLessThanOrEqual(5);
      const bids = b.bids.map((l) => l[0]!);
      const asks = b.asks.map((l) => l[0]!);
      expect([...bids].sort((x, y) => y - x)).toEqual(bids);
      expect([...asks].sort((x, y) => x - y)).toEqual(asks);
      expect(bids[0]!).toBeLessThan(asks[0]!);
    }
    const l2 = await ex.fetchL2OrderBook(SPOT);
    expect(l2.asks.length).toBeGreaterThan(0);
  });

  it("fetchTrades, fetchOHLCV, fetchIndexOHLCV, fetchMarkOHLCV", async () => {
    // the demo market's tape starts empty: a trade of our own puts one on the spot tape
    const bought = await ex.createOrder(SPOT, "market", "buy", 0.0001, (await ex.fetchTicker(SPOT)).ask!);
    const spotTape = await ex.fetchTrades(SPOT, undefined, 100);
    if (mode === "demo") expect(spotTape.some((t) => t.amount! > 0)).toBe(true);
    expect(bought.id).toBeTruthy();
    for (const s of [SPOT, SWAP]) {
      const trades = await ex.fetchTrades(s, undefined, 10);
      if (mode === "live" || s === SPOT) expect(trades.length).toBeGreaterThan(0);
      expect(trades.every((t) => t.symbol === s && t.price! > 0 && t.amount! > 0 && (t.side === "buy" || t.side === "sell"))).toBe(true);
      ascendingCandles((await ex.fetchOHLCV(s, "1m", undefined, 50)) as number[][]);
    }
    ascendingCandles((await ex.fetchIndexOHLCV(SWAP, "1m", undefined, 20)) as number[][]);
    ascendingCandles((await ex.fetchMarkOHLCV(SWAP, "1m", undefined, 20)) as number[][]);
  });

  it("funding: fetchFundingRate(s), fetchFundingRateHistory, fetchFundingInterval(s)", async () => {
    const fr = await ex.fetchFundingRate(SWAP);
    expect(fr.symbol).toBe(SWAP);
    expect(typeof fr.fundingRate).toBe("number");
    expect(fr.fundingTimestamp).toBeGreaterThan(Date.now() - 60_000);
    const all = await ex.fetchFundingRates();
    expect(all[SWAP]?.symbol).toBe(SWAP);
    expect(Array.isArray(await ex.fetchFundingRateHistory(SWAP))).toBe(true);
    expect(await ex.fetchFundingInterval(SWAP)).toMatchObject({ symbol: SWAP, interval: "8h" });
    const intervals = await ex.fetchFundingIntervals();
    expect(intervals[SWAP]).toMatchObject({ interval: "8h" });
  });

  it("fetchOpenInterest, fetchMarkPrice, fetchMarketLeverageTiers", async () => {
    const oi = await ex.fetchOpenInterest(SWAP);
    expect(oi.symbol).toBe(SWAP);
    expect(oi.openInterestAmount).toBeGreaterThanOrEqual(0);
    const mp = await ex.fetchMarkPrice(SWAP);
    expect(mp.markPrice).toBeGreaterThan(0);
    expect(mp.indexPrice).toBeGreaterThan(0);
    const tiers = await ex.fetchMarketLeverageTiers(SWAP);
    expect(tiers.length).toBeGreaterThan(0);
    const lev = tiers.map((t) => t.maxLeverage!);
    expect([...lev].sort((a, b) => b - a)).toEqual(lev);
    expect(tiers[0]).toMatchObject({ tier: 1, symbol: SWAP, minNotional: 0 });
  });

  it("fetchLongShortRatioHistory on the swap (mix account-long-short, issue 27 item 4)", async () => {
    const rows = await ex.fetchLongShortRatioHistory(SWAP, "5m");
    expect(Array.isArray(rows)).toBe(true);
    for (const r of rows) {
      expect(r.symbol).toBe(SWAP);
      expect(r.longShortRatio).toBeGreaterThanOrEqual(0);
      expect(r.timestamp).toBeGreaterThan(0);
    }
  });

  it("fetchLongShortRatioHistory on the spot pair (margin long-short-ratio)", async () => {
    const rows = await ex.fetchLongShortRatioHistory(SPOT, "5m");
    // the current bucket is always answered, live
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.symbol).toBe(SPOT);
      expect(r.longShortRatio).toBeGreaterThanOrEqual(0);
      expect(r.timestamp).toBeGreaterThan(0);
    }
  });

  it("borrow rates: fetchCrossBorrowRate, fetchIsolatedBorrowRate", async () => {
    const cross = await ex.fetchCrossBorrowRate("USDT");
    expect(cross).toMatchObject({ currency: "USDT", period: 86_400_000 });
    expect(cross.rate).toBeGreaterThan(0);
    const iso = await ex.fetchIsolatedBorrowRate(SPOT);
    expect(iso).toMatchObject({ symbol: SPOT, base: "BTC", quote: "USDT" });
    expect(iso.quoteRate).toBeGreaterThan(0);
  });

  it("fees: fetchTradingFee(s), fetchDepositWithdrawFee(s)", async () => {
    const f = await ex.fetchTradingFee(SPOT);
    expect(f.symbol).toBe(SPOT);
    expect(f.taker).toBeGreaterThan(0);
    const fees = await ex.fetchTradingFees();
    expect(fees[SPOT]?.maker).toBeGreaterThanOrEqual(0);
    const all = await ex.fetchDepositWithdrawFees();
    expect(all.USDT).toBeDefined();
    const one = await ex.fetchDepositWithdrawFee("USDT");
    expect(Object.keys(one.networks as object).length).toBeGreaterThan(0);
  });
});
