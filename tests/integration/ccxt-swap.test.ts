/**
 * ccxt compatibility (docs/decisions/308): the unmodified library's USDT-M perpetual trading through
 * the BFF, on live and on demo: account settings, orders and their read-back, positions and margin,
 * plan, TP/SL and trailing orders, history.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ccxtForSuite, free, MODES, SWAP, type Bitget } from "../setup/ccxt.ts";
import { webForSuite } from "../setup/suite.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "100000" });
const suite = ccxtForSuite("ccxt-swap", web);

const TRIGGER = { trigger: true };
const TPSL = { trigger: true, planType: "profit_loss" };

describe.each(MODES)("ccxt USDT-M swap (%s)", (mode) => {
  let ex: Bitget;
  let last = 0;
  let low = 0;
  beforeAll(async () => {
    ex = await suite.client(mode, `ccxt-swap-${mode}`);
    await ex.loadMarkets();
    await ex.transfer("USDT", 5000, "spot", "swap");
    last = (await ex.fetchTicker(SWAP)).last!;
    low = Math.round(last * 0.9);
  });

  const openIds = async (params: Record<string, unknown> = {}) =>
    (await ex.fetchOpenOrders(SWAP, undefined, undefined, params)).map((o) => o.id);
  const position = async () => (await ex.fetchPositions([SWAP])).find((p) => p.contracts! > 0);

  it("setLeverage, setPositionMode, setMarginMode are read back by fetchLeverage and fetchMarginMode", async () => {
    await ex.setPositionMode(false, SWAP);
    await ex.setMarginMode("isolated", SWAP, { leverage: 5 });
    await ex.setLeverage(7, SWAP);
    expect(await ex.fetchMarginMode(SWAP)).toMatchObject({ symbol: SWAP, marginMode: "isolated" });
    const lev = await ex.fetchLeverage(SWAP);
    expect(lev).toMatchObject({ symbol: SWAP, marginMode: "isolated", longLeverage: 7, shortLeverage: 7 });
  });

  it("an order names its own margin mode: the library's default crossed is taken after set-margin-mode isolated (issue 27 item 2)", async () => {
    const placed = await ex.createOrder(SWAP, "limit", "buy", 0.001, low);
    const o = await ex.fetchOrder(placed.id!, SWAP);
    expect(o).toMatchObject({ id: placed.id!, status: "open", price: low, amount: 0.001 });
    expect(o.info.marginMode).toBe("crossed");
    await ex.cancelOrder(placed.id!, SWAP);
  });

  it("createOrder limit isolated reads back; editOrder modifies it; cancelOrder cancels the edited order", async () => {
    const placed = await ex.createOrder(SWAP, "limit", "buy", 0.002, low, { marginMode: "isolated" });
    const o = await ex.fetchOrder(placed.id!, SWAP);
    expect(o).toMatchObject({ id: placed.id!, symbol: SWAP, type: "limit", side: "buy", price: low, amount: 0.002, status: "open" });
    expect(o.info.marginMode).toBe("isolated");
    const edited = await ex.editOrder(placed.id!, SWAP, "limit", "buy", 0.002, low - 5, { marginMode: "isolated" });
    expect((await ex.fetchOrder(edited.id!, SWAP)).price).toBe(low - 5);
    expect(await openIds()).toContain(edited.id!);
    await ex.cancelOrder(edited.id!, SWAP);
    expect(await openIds()).not.toContain(edited.id!);
    expect((await ex.fetchCanceledOrders(SWAP)).map((x) => x.id)).toContain(edited.id!);
  });

  it("createOrders places both; cancelOrders cancels both (batch-cancel-orders, issue 27 item 4)", async () => {
    const placed = await ex.createOrders([
      { symbol: SWAP, type: "limit", side: "buy", amount: 0.001, price: low, params: { marginMode: "isolated" } },
      { symbol: SWAP, type: "limit", side: "buy", amount: 0.001, price: low - 1, params: { marginMode: "isolated" } },
    ]);
    const ids = placed.map((p) => p.id!);
    expect(await openIds()).toEqual(expect.arrayContaining(ids));
    await ex.cancelOrders(ids, SWAP);
    expect((await openIds()).filter((id) => ids.includes(id!))).toEqual([]);
  });

  it("cancelAllOrders empties the open list (batch-cancel-orders, issue 27 item 4)", async () => {
    await ex.createOrder(SWAP, "limit", "buy", 0.001, low, { marginMode: "isolated" });
    await ex.createOrder(SWAP, "limit", "buy", 0.001, low - 2, { marginMode: "isolated" });
    expect((await openIds()).length).toBe(2);
    await ex.cancelAllOrders(SWAP);
    expect(await openIds()).toEqual([]);
  });

  it("a market buy opens the position fetchPositions reports; its margin moves with addMargin and reduceMargin; the account pays the margin", async () => {
    const before = await ex.fetchBalance({ type: "swap" });
    const placed = await ex.createOrder(SWAP, "market", "buy", 0.003, undefined, { marginMode: "isolated" });
    expect((await ex.fetchOrder(placed.id!, SWAP)).status).toBe("closed");
    const p = await position();
    expect(p).toMatchObject({ symbol: SWAP, side: "long", contracts: 0.003, marginMode: "isolated", leverage: 7 });
    expect(await ex.fetchPosition(SWAP)).toMatchObject({ symbol: SWAP, side: "long", contracts: 0.003 });
    const after = await ex.fetchBalance({ type: "swap" });
    expect(free(after, "USDT")).toBeLessThan(free(before, "USDT") - p!.collateral! * 0.9);

    // ccxt's isolated `collateral` is the margin plus the unrealised PnL, which the running market moves
    // between two reads: the margin alone (Bitget's marginSize) is what addMargin and reduceMargin move
    const margin = (x: typeof p) => Number((x!.info as { marginSize: string }).marginSize);
    await ex.addMargin(SWAP, 2, { holdSide: "long" });
    const added = (await position())!;
    expect(margin(added)).toBeCloseTo(margin(p) + 2, 4);
    await ex.reduceMargin(SWAP, -1, { holdSide: "long" });
    expect(margin(await position())).toBeCloseTo(margin(added) - 1, 4);

    const trades = (await ex.fetchMyTrades(SWAP)).filter((t) => t.order === placed.id!);
    expect(trades.reduce((a, t) => a + t.amount!, 0)).toBeCloseTo(0.003, 8);
    expect((await ex.fetchClosedOrders(SWAP)).map((o) => o.id)).toContain(placed.id!);
    expect((await ex.fetchCanceledAndClosedOrders(SWAP)).map((o) => o.id)).toContain(placed.id!);
  });

  it("an order's TP/SL (createOrderWithTakeProfitAndStopLoss) is reported by fetchOrder (preset fields, issue 27 item 5)", async () => {
    const tp = Math.round(last * 1.2);
    const sl = Math.round(last * 0.8);
    const placed = await ex.createOrderWithTakeProfitAndStopLoss(SWAP, "limit", "buy", 0.001, low, tp, sl, { marginMode: "isolated" });
    const o = await ex.fetchOrder(placed.id!, SWAP);
    expect(o).toMatchObject({ status: "open", takeProfitPrice: tp, stopLossPrice: sl });
    await ex.cancelOrder(placed.id!, SWAP);
  });

  it("createStopLossOrder / createTakeProfitOrder on the position list as TP/SL; editOrder moves the stop (modify-tpsl-order, issue 27 item 4)", async () => {
    const sl = await ex.createStopLossOrder(SWAP, "market", "sell", 0.001, undefined, Math.round(last * 0.8), { marginMode: "isolated" });
    const tp = await ex.createTakeProfitOrder(SWAP, "market", "sell", 0.001, undefined, Math.round(last * 1.2), { marginMode: "isolated" });
    const listed = await ex.fetchOpenOrders(SWAP, undefined, undefined, TPSL);
    expect(listed.map((o) => o.id)).toEqual(expect.arrayContaining([sl.id!, tp.id!]));
    const moved = Math.round(last * 0.75);
    await ex.editOrder(sl.id!, SWAP, "market", "sell", 0.001, undefined, { stopLossPrice: moved });
    const now = (await ex.fetchOpenOrders(SWAP, undefined, undefined, TPSL)).find((o) => o.id === sl.id!);
    expect(now?.triggerPrice).toBe(moved);
  });

  it("createTriggerOrder and createStopMarketOrder list as plan orders; cancelAllOrders with trigger empties the list", async () => {
    const a = await ex.createTriggerOrder(SWAP, "limit", "buy", 0.001, low, low + 10, { marginMode: "isolated" });
    const b = await ex.createStopMarketOrder(SWAP, "sell", 0.001, Math.round(last * 0.8), { marginMode: "isolated", reduceOnly: true });
    const open = await ex.fetchOpenOrders(SWAP, undefined, undefined, TRIGGER);
    const byId = new Map(open.map((o) => [o.id, o]));
    expect(byId.get(a.id!)).toMatchObject({ triggerPrice: low + 10, price: low, side: "buy", status: "open" });
    expect(byId.has(b.id!)).toBe(true);
    await ex.cancelOrder(a.id!, SWAP, TRIGGER);
    expect(await openIds(TRIGGER)).not.toContain(a.id!);
    await ex.cancelAllOrders(SWAP, TRIGGER);
    expect(await openIds(TRIGGER)).toEqual([]);
  });

  it("createTrailingPercentOrder places a trailing stop listed with its callback ratio (track_plan, issue 27 item 4)", async () => {
    const placed = await ex.createTrailingPercentOrder(SWAP, "market", "sell", 0.001, undefined, 1, last, {
      marginMode: "isolated",
      reduceOnly: true,
    });
    const listed = (await ex.fetchOpenOrders(SWAP, undefined, undefined, { trigger: true, planType: "track_plan" })).find(
      (o) => o.id === placed.id!,
    );
    expect(listed).toBeDefined();
    expect(Number(listed!.info.callbackRatio)).toBe(1);
    await ex.cancelOrder(placed.id!, SWAP, { trigger: true, planType: "track_plan" });
  });

  it("closePosition closes it; it moves to fetchPositionsHistory; closeAllPositions leaves none; histories read", async () => {
    expect(await position()).toBeDefined();
    await ex.closePosition(SWAP, "long");
    expect(await position()).toBeUndefined();
    const hist = await ex.fetchPositionsHistory([SWAP]);
    expect(hist.some((h) => h.symbol === SWAP && h.side === "long")).toBe(true);
    expect((await ex.fetchPositionHistory(SWAP)).length).toBeGreaterThan(0);

    await ex.createOrder(SWAP, "market", "sell", 0.001, undefined, { marginMode: "isolated" });
    expect((await position())?.side).toBe("short");
    await ex.closeAllPositions();
    expect(await position()).toBeUndefined();

    expect(Array.isArray(await ex.fetchFundingHistory(SWAP))).toBe(true);
    const ledger = await ex.fetchLedger("USDT", undefined, undefined, { type: "swap" });
    expect(ledger.some((l) => l.type === "transfer" && l.amount === 5000)).toBe(true);
  });
});
