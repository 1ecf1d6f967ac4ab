/**
 * ccxt compatibility (docs/decisions/308): the unmodified library's cross and isolated spot margin
 * through the BFF, on live and on demo: funding the account, borrowing and repaying, orders read
 * back the way the library reads them (Bitget's `baseSize` / `size`), fills moving the balance.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ccxtForSuite, MODES, SPOT, total, type Bitget } from "../setup/ccxt.ts";
import { webForSuite } from "../setup/suite.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "100000" });
const suite = ccxtForSuite("ccxt-margin", web);

const CASES = MODES.flatMap((mode) => (["cross", "isolated"] as const).map((marginMode) => ({ mode, marginMode })));

describe.each(CASES)("ccxt margin ($mode, $marginMode)", ({ mode, marginMode }) => {
  let ex: Bitget;
  let low = 0;
  let ask = 0;
  const M = { marginMode };
  const balance = () => ex.fetchBalance({ type: "margin", marginMode });

  beforeAll(async () => {
    ex = await suite.client(mode, `ccxt-margin-${mode}-${marginMode}`);
    await ex.loadMarkets();
    const t = await ex.fetchTicker(SPOT);
    ask = t.ask!;
    low = Math.round(t.bid! * 0.9);
  });

  it("transfer spot → margin account shows in fetchBalance; borrow and repay move the debt; fetchBorrowInterest lists the loan", async () => {
    await ex.transfer("USDT", 2000, "spot", marginMode, { symbol: "BTCUSDT" });
    expect(total(await balance(), "USDT")).toBeCloseTo(2000, 6);
    const borrowed = marginMode === "cross" ? await ex.borrowCrossMargin("USDT", 100) : await ex.borrowIsolatedMargin(SPOT, "USDT", 100);
    expect(borrowed).toMatchObject({ currency: "USDT", amount: 100 });
    const withDebt = await balance();
    const debt = (b: typeof withDebt) => Number((b as unknown as Record<string, { debt?: number }>).USDT?.debt ?? 0);
    // the debt carries its first hour of interest
    expect(debt(withDebt)).toBeCloseTo(100, 2);
    expect(debt(withDebt)).toBeGreaterThanOrEqual(100);
    expect(total(withDebt, "USDT")).toBeCloseTo(2100, 6);
    const repaid = marginMode === "cross" ? await ex.repayCrossMargin("USDT", 40) : await ex.repayIsolatedMargin(SPOT, "USDT", 40);
    expect(repaid).toMatchObject({ currency: "USDT", amount: 40 });
    expect(debt(await balance())).toBeCloseTo(60, 2);
    const interest = await ex.fetchBorrowInterest("USDT", marginMode === "isolated" ? SPOT : undefined, undefined, undefined, M);
    expect(interest.length).toBeGreaterThan(0);
    expect(interest[0]).toMatchObject({ currency: "USDT", marginMode });
  });

  it("createOrder limit: listed open with the size as amount (baseSize) and nothing filled; fetchOrder reads it back; cancelOrder cancels it (issue 27 item 5)", async () => {
    const placed = await ex.createOrder(SPOT, "limit", "buy", 0.001, low, M);
    const open = (await ex.fetchOpenOrders(SPOT, undefined, undefined, M)).find((o) => o.id === placed.id!);
    expect(open).toMatchObject({ id: placed.id!, price: low, amount: 0.001, filled: 0, status: "open", side: "buy" });
    expect(Number(open!.info.baseSize)).toBe(0.001);
    const o = await ex.fetchOrder(placed.id!, SPOT, M);
    expect(o).toMatchObject({ id: placed.id!, price: low, amount: 0.001, status: "open" });
    await ex.cancelOrder(placed.id!, SPOT, M);
    expect((await ex.fetchOpenOrders(SPOT, undefined, undefined, M)).map((x) => x.id)).not.toContain(placed.id!);
    expect((await ex.fetchCanceledOrders(SPOT, undefined, undefined, M)).map((x) => x.id)).toContain(placed.id!);
  });

  it("createOrders and cancelOrders in the margin account", async () => {
    const placed = await ex.createOrders([
      { symbol: SPOT, type: "limit", side: "buy", amount: 0.001, price: low, params: M },
      { symbol: SPOT, type: "limit", side: "buy", amount: 0.001, price: low - 1, params: M },
    ]);
    const ids = placed.map((p) => p.id!);
    expect((await ex.fetchOpenOrders(SPOT, undefined, undefined, M)).map((o) => o.id)).toEqual(expect.arrayContaining(ids));
    await ex.cancelOrders(ids, SPOT, M);
    expect((await ex.fetchOpenOrders(SPOT, undefined, undefined, M)).filter((o) => ids.includes(o.id!))).toEqual([]);
  });

  it("a market buy fills: the margin balance gains the base, the order and trade read back; a market sell returns it", async () => {
    const before = await balance();
    const placed = await ex.createOrder(SPOT, "market", "buy", 0.002, ask, M);
    const closed = await ex.fetchClosedOrders(SPOT, undefined, undefined, M);
    const o = closed.find((x) => x.id === placed.id!);
    expect(o?.status).toBe("closed");
    expect(o!.filled).toBeGreaterThan(0);
    const trades = (await ex.fetchMyTrades(SPOT, undefined, undefined, M)).filter((t) => t.order === placed.id!);
    const got = trades.reduce((a, t) => a + t.amount!, 0);
    const feeBtc = trades.reduce((a, t) => a + (t.fee?.currency === "BTC" ? t.fee.cost! : 0), 0);
    expect(got).toBeCloseTo(o!.filled!, 8);
    const after = await balance();
    expect(total(after, "BTC") - total(before, "BTC")).toBeCloseTo(got - feeBtc, 8);
    expect(total(after, "USDT")).toBeLessThan(total(before, "USDT"));
    await ex.createOrder(SPOT, "market", "sell", 0.001, undefined, M);
    expect(total(await balance(), "BTC")).toBeCloseTo(total(after, "BTC") - 0.001, 8);
    expect((await ex.fetchCanceledAndClosedOrders(SPOT, undefined, undefined, M)).map((x) => x.id)).toContain(placed.id!);
  });

  it("fetchLedger, fetchMyLiquidations read the margin account", async () => {
    const ledger = await ex.fetchLedger("USDT", undefined, undefined, M);
    expect(ledger.length).toBeGreaterThan(0);
    expect(await ex.fetchMyLiquidations(SPOT, undefined, undefined, M)).toEqual([]);
  });
});
