/**
 * ccxt compatibility (docs/decisions/308): the unmodified library's spot trading through the BFF,
 * on live and on demo; each call's effect is read back (the order, the open list, the balance).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ccxtForSuite, free, MODES, SPOT, type Bitget } from "../setup/ccxt.ts";
import { webForSuite } from "../setup/suite.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "100000" });
const suite = ccxtForSuite("ccxt-spot", web);

describe.each(MODES)("ccxt spot (%s)", (mode) => {
  let ex: Bitget;
  /** A resting buy price well under the market, inside the price band. */
  let low = 0;
  let ask = 0;
  beforeAll(async () => {
    ex = await suite.client(mode, `ccxt-spot-${mode}`);
    await ex.loadMarkets();
    const t = await ex.fetchTicker(SPOT);
    ask = t.ask!;
    low = Math.round(t.bid! * 0.9);
  });

  const openIds = async (params: Record<string, unknown> = {}) =>
    (await ex.fetchOpenOrders(SPOT, undefined, undefined, params)).map((o) => o.id);

  it("createOrder limit: fetchOrder reads it back (id, price, amount, open), it is listed open and its cost is held; cancelOrder frees it", async () => {
    const before = await ex.fetchBalance();
    const placed = await ex.createOrder(SPOT, "limit", "buy", 0.001, low);
    const o = await ex.fetchOrder(placed.id!, SPOT);
    expect(o).toMatchObject({
      id: placed.id!,
      symbol: SPOT,
      type: "limit",
      side: "buy",
      price: low,
      amount: 0.001,
      status: "open",
      filled: 0,
    });
    expect(await openIds()).toContain(placed.id!);
    const held = await ex.fetchBalance();
    expect(free(held, "USDT")).toBeCloseTo(free(before, "USDT") - low * 0.001, 6);

    await ex.cancelOrder(placed.id!, SPOT);
    expect((await ex.fetchOrder(placed.id!, SPOT)).status).toBe("canceled");
    expect(await openIds()).not.toContain(placed.id!);
    expect(free(await ex.fetchBalance(), "USDT")).toBeCloseTo(free(before, "USDT"), 6);
    expect((await ex.fetchCanceledOrders(SPOT)).map((x) => x.id)).toContain(placed.id!);
  });

  it("createOrder with a clientOrderId holding ':' is read back by that id (query signed as the library signs it, issue 27 item 3)", async () => {
    const clientOrderId = `ccxt:${mode}:1`;
    const placed = await ex.createOrder(SPOT, "limit", "buy", 0.001, low, { clientOrderId });
    const o = await ex.fetchOrder("", SPOT, { clientOrderId });
    expect(o).toMatchObject({ id: placed.id!, clientOrderId });
    await ex.cancelOrder(placed.id!, SPOT);
  });

  it("editOrder: cancel-replace moves the order to the new price (issue 27 item 4)", async () => {
    const placed = await ex.createOrder(SPOT, "limit", "buy", 0.001, low);
    const edited = await ex.editOrder(placed.id!, SPOT, "limit", "buy", 0.002, low - 10);
    const now = await ex.fetchOrder(edited.id!, SPOT);
    expect(now).toMatchObject({ price: low - 10, amount: 0.002, status: "open" });
    const open = await openIds();
    expect(open).toContain(edited.id!);
    if (edited.id! !== placed.id!) expect(open).not.toContain(placed.id!);
    await ex.cancelAllOrders(SPOT);
  });

  it("market buy: the base balance grows by the filled amount less the fee, the quote falls by the cost; the trade and the closed order read back", async () => {
    const before = await ex.fetchBalance();
    const placed = await ex.createOrder(SPOT, "market", "buy", 0.001, ask);
    const o = await ex.fetchOrder(placed.id!, SPOT);
    expect(o).toMatchObject({ id: placed.id!, type: "market", side: "buy", status: "closed" });
    expect(o.filled).toBeGreaterThan(0);
    const trades = (await ex.fetchMyTrades(SPOT)).filter((t) => t.order === placed.id!);
    expect(trades.length).toBeGreaterThan(0);
    const got = trades.reduce((a, t) => a + t.amount!, 0);
    const paid = trades.reduce((a, t) => a + t.cost!, 0);
    const fee = (c: string) => trades.reduce((a, t) => a + (t.fee?.currency === c ? t.fee.cost! : 0), 0);
    expect(got).toBeCloseTo(o.filled!, 8);
    const after = await ex.fetchBalance();
    expect(free(after, "BTC") - free(before, "BTC")).toBeCloseTo(got - fee("BTC"), 8);
    expect(free(before, "USDT") - free(after, "USDT")).toBeCloseTo(paid + fee("USDT"), 4);
    expect((await ex.fetchClosedOrders(SPOT)).map((x) => x.id)).toContain(placed.id!);
    expect((await ex.fetchCanceledAndClosedOrders(SPOT)).map((x) => x.id)).toContain(placed.id!);
    const ledger = await ex.fetchLedger("USDT");
    expect(ledger.length).toBeGreaterThan(0);
  });

  it("createMarketBuyOrderWithCost spends the cost; a market sell returns quote", async () => {
    const before = await ex.fetchBalance();
    const placed = await ex.createMarketBuyOrderWithCost(SPOT, 20);
    const o = await ex.fetchOrder(placed.id!, SPOT);
    expect(o.status).toBe("closed");
    // the filled quantity is cut to the pair's size step, so at most the cost is spent
    expect(o.cost).toBeGreaterThan(19.5);
    expect(o.cost).toBeLessThanOrEqual(20);
    const mid = await ex.fetchBalance();
    expect(free(before, "USDT") - free(mid, "USDT")).toBeCloseTo(o.cost!, 4);
    const sold = await ex.createMarketOrder(SPOT, "sell", 0.0001);
    expect((await ex.fetchOrder(sold.id!, SPOT)).status).toBe("closed");
    const after = await ex.fetchBalance();
    expect(free(mid, "BTC") - free(after, "BTC")).toBeCloseTo(0.0001, 8);
    expect(free(after, "USDT")).toBeGreaterThan(free(mid, "USDT"));
  });

  it("createOrders places both; cancelOrders cancels both; cancelAllOrders empties the open list", async () => {
    const placed = await ex.createOrders([
      { symbol: SPOT, type: "limit", side: "buy", amount: 0.001, price: low },
      { symbol: SPOT, type: "limit", side: "buy", amount: 0.001, price: low - 1 },
    ]);
    const ids = placed.map((p) => p.id!);
    expect(ids.every(Boolean)).toBe(true);
    expect(await openIds()).toEqual(expect.arrayContaining(ids));
    await ex.cancelOrders(ids, SPOT);
    expect((await openIds()).filter((id) => ids.includes(id!))).toEqual([]);

    await ex.createLimitOrder(SPOT, "buy", 0.001, low);
    await ex.createPostOnlyOrder(SPOT, "limit", "buy", 0.001, low - 2);
    expect((await openIds()).length).toBe(2);
    await ex.cancelAllOrders(SPOT);
    expect(await openIds()).toEqual([]);
  });

  it("createPostOnlyOrder rests as post-only", async () => {
    const placed = await ex.createPostOnlyOrder(SPOT, "limit", "buy", 0.001, low);
    const o = await ex.fetchOrder(placed.id!, SPOT);
    expect(o).toMatchObject({ status: "open", postOnly: true });
    await ex.cancelOrder(placed.id!, SPOT);
  });

  it("trigger orders (createTriggerOrder, createStopOrder, createStopLimitOrder, createStopMarketOrder): listed with trigger, cancelled one by one", async () => {
    const a = await ex.createTriggerOrder(SPOT, "limit", "buy", 0.001, low, low + 10);
    const b = await ex.createStopOrder(SPOT, "limit", "buy", 0.001, low, low + 20);
    const c = await ex.createStopLimitOrder(SPOT, "buy", 0.001, low, low + 30);
    const d = await ex.createStopMarketOrder(SPOT, "sell", 0.0001, low + 40);
    const open = await ex.fetchOpenOrders(SPOT, undefined, undefined, { trigger: true });
    const byId = new Map(open.map((o) => [o.id, o]));
    expect(byId.get(a.id!)).toMatchObject({ triggerPrice: low + 10, price: low, side: "buy", status: "open" });
    expect([b.id!, c.id!, d.id!].every((id) => byId.has(id))).toBe(true);
    await ex.cancelOrder(a.id!, SPOT, { trigger: true });
    expect((await ex.fetchOpenOrders(SPOT, undefined, undefined, { trigger: true })).map((o) => o.id)).not.toContain(a.id!);
  });

  it("cancelAllOrders with trigger empties the plan list (batch-cancel-plan-order, issue 27 item 4)", async () => {
    await ex.createTriggerOrder(SPOT, "limit", "buy", 0.001, low, low + 50);
    expect((await ex.fetchOpenOrders(SPOT, undefined, undefined, { trigger: true })).length).toBeGreaterThan(0);
    await ex.cancelAllOrders(SPOT, { trigger: true });
    expect(await ex.fetchOpenOrders(SPOT, undefined, undefined, { trigger: true })).toEqual([]);
  });
});
