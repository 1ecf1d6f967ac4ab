/**
 * The history endpoints the record pages page through (docs/decisions/712), through the BFF: a
 * time window whose start is after its end is refused, `limit` is clamped to Bitget's bounds, an
 * `idLessThan` cursor walks every row once, a cursor that is not an id is refused, another user's
 * ids neither show nor unlock anything, and futures position history pages by its `endId`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { MARGIN_CROSSED as C } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { webForSuite } from "../setup/suite.ts";
import { futuresOrder, type Row, openFutures } from "../setup/futures.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off" });
let alice: Client;
let bob: Client;
const FX = "productType=USDT-FUTURES";

beforeAll(async () => {
  alice = new Client(web.url, makeKey(web.dir, "rec-alice"));
  bob = new Client(web.url, makeKey(web.dir, "rec-bob"));
  for (const c of [alice, bob]) expect((await c.get(V2.assets)).body.code).toBe("00000");
  for (const c of [alice, bob]) await openFutures(c);
});

/** Expects Bitget's code for each query of `path`, never a 500. */
async function codes(c: Client, path: string, cases: Array<[string, string]>) {
  for (const [query, code] of cases) {
    const r = await c.get(`${path}?${query}`);
    expect(r.status, query).toBeLessThan(500);
    expect(r.body.code, `${path}?${query}: ${r.body.msg}`).toBe(code);
  }
}

/** Every row of a list endpoint, page by page of `limit`, following `next` (the cursor of a page). */
async function walk<T>(c: Client, path: string, limit: number, read: (data: unknown) => { rows: T[]; next: string | undefined }) {
  const seen: T[] = [];
  let cursor = "";
  for (let i = 0; i < 50; i++) {
    const r = await c.get<unknown>(`${path}&limit=${limit}${cursor ? `&idLessThan=${cursor}` : ""}`);
    expect(r.body.code).toBe("00000");
    const { rows: page, next } = read(r.body.data);
    expect(page.length).toBeLessThanOrEqual(limit);
    seen.push(...page);
    if (page.length < limit) return seen;
    if (!next) throw new Error("a full page without a cursor");
    cursor = next;
  }
  throw new Error("the cursor never reached the end");
}

/** Spot history: a page is its rows, the cursor the last row's `idField`. */
const walkRows = (c: Client, path: string, limit: number, idField: string) =>
  walk(c, path, limit, (d) => ({ rows: d as Row[], next: (d as Row[]).at(-1)?.[idField] }));

/** Futures history: a page holds its rows in one field (`rows`), the cursor is its `endId`. */
const walkEndId = <P extends { endId: string }>(c: Client, path: string, limit: number, rows: (page: P) => Row[] | null) =>
  walk(c, path, limit, (d) => ({ rows: rows(d as P) ?? [], next: (d as P).endId }));

describe("spot history (history-orders, fills, bills)", () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // five cancelled limit orders far under the market and three filled market buys
    const t = await alice.get<Row[]>(`${V2.tickers}?symbol=ETHUSDT`);
    const low = (Number(t.body.data[0]!.lastPr) * 0.5).toFixed(2);
    for (let i = 0; i < 5; i++) {
      const o = await alice.post<{ orderId: string }>(V2.placeOrder, {
        symbol: "ETHUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: low,
        size: "0.01",
      });
      expect(o.body.code).toBe("00000");
      expect((await alice.post(V2.cancelOrder, { symbol: "ETHUSDT", orderId: o.body.data.orderId })).body.code).toBe("00000");
      ids.push(o.body.data.orderId);
    }
    for (let i = 0; i < 3; i++) {
      const m = await alice.post<{ orderId: string }>(V2.placeOrder, { symbol: "ETHUSDT", side: "buy", orderType: "market", size: "20" });
      expect(m.body.code).toBe("00000");
      ids.push(m.body.data.orderId);
    }
  });

  it("walks every order once with idLessThan, newest first, and clamps limit", async () => {
    const all = await walkRows(alice, `${V2.historyOrders}?symbol=ETHUSDT`, 3, "orderId");
    expect(all.map((o) => o.orderId)).toEqual([...ids].reverse());
    const one = await alice.get<Row[]>(`${V2.historyOrders}?symbol=ETHUSDT&limit=0`);
    expect(one.body.code).toBe("00000");
    expect(one.body.data).toHaveLength(1);
    const many = await alice.get<Row[]>(`${V2.historyOrders}?limit=1000`);
    expect(many.body.data.length).toBe(ids.length);
  });

  it("keeps to the time window and refuses one that ends before it starts", async () => {
    const all = (await alice.get<Row[]>(`${V2.historyOrders}?symbol=ETHUSDT`)).body.data;
    const newest = Number(all[0]!.cTime);
    const within = await alice.get<Row[]>(`${V2.historyOrders}?startTime=${newest}&endTime=${newest}`);
    expect(within.body.data.every((o) => Number(o.cTime) === newest)).toBe(true);
    expect(within.body.data.length).toBeGreaterThan(0);
    const now = Date.now();
    for (const path of [V2.historyOrders, `${V2.tradeFills}`, V2.bills])
      await codes(alice, path, [
        [`symbol=ETHUSDT&startTime=${now}&endTime=${now - 1}`, "40017"],
        [`symbol=ETHUSDT&startTime=${now - 1000}&endTime=${now + 1000}`, "00000"],
        ["symbol=ETHUSDT&startTime=-5", "40017"],
        ["symbol=ETHUSDT&endTime=soon", "40017"],
      ]);
  });

  it("pages fills by tradeId and refuses a cursor that is not an id", async () => {
    const fills = await walkRows(alice, `${V2.tradeFills}?symbol=ETHUSDT`, 2, "tradeId");
    expect(fills.length).toBeGreaterThanOrEqual(3);
    expect(new Set(fills.map((f) => f.tradeId)).size).toBe(fills.length);
    await codes(alice, V2.tradeFills, [
      ["symbol=ETHUSDT&idLessThan=abc", "40017"],
      ["symbol=ETHUSDT&idLessThan=1e9", "40017"],
      ["symbol=ETHUSDT&limit=1000", "00000"],
    ]);
  });

  it("filters bills by businessType and walks them with idLessThan", async () => {
    const buys = await alice.get<Row[]>(`${V2.bills}?businessType=BUY&limit=100`);
    expect(buys.body.data.length).toBeGreaterThan(0);
    expect(buys.body.data.every((b) => b.businessType === "BUY")).toBe(true);
    const all = await walkRows(alice, `${V2.bills}?coin=USDT`, 2, "billId");
    expect(new Set(all.map((b) => b.billId)).size).toBe(all.length);
    await codes(alice, V2.bills, [["businessType=GIFT", "40017"]]);
  });

  it("shows nothing of another user's orders for their ids", async () => {
    const mine = await alice.get<Row[]>(`${V2.historyOrders}?orderId=${ids[0]}`);
    expect(mine.body.data).toHaveLength(1);
    const theirs = await bob.get<Row[]>(`${V2.historyOrders}?orderId=${ids[0]}`);
    expect(theirs.body.code).toBe("00000");
    expect(theirs.body.data).toEqual([]);
    const after = await bob.get<Row[]>(`${V2.historyOrders}?idLessThan=${ids[ids.length - 1]}`);
    expect(after.body.data).toEqual([]);
    const fills = await bob.get<Row[]>(`${V2.tradeFills}?symbol=ETHUSDT&orderId=${ids[ids.length - 1]}`);
    expect(fills.body.data).toEqual([]);
  });
});

describe("futures history (orders-history, fills, history-position, bill)", () => {
  beforeAll(async () => {
    expect(
      (await alice.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "2000", coin: "USDT" })).body.code,
    ).toBe("00000");
    // three positions opened and closed: three rows of position history
    for (let i = 0; i < 3; i++) {
      expect((await futuresOrder(alice, "buy", "0.002", "market")).body.code).toBe("00000");
      expect((await alice.post(MIX_PRIVATE.closePositions, { symbol: "BTCUSDT", productType: "USDT-FUTURES" })).body.code).toBe("00000");
    }
  });

  it("pages closed positions by endId and answers a foreign or unknown id with an empty page", async () => {
    type Page = { list: Row[]; endId: string };
    const all = await walkEndId(alice, `${MIX_PRIVATE.historyPosition}?${FX}`, 2, (p: Page) => p.list);
    expect(all).toHaveLength(3);
    expect(new Set(all.map((p) => p.positionId)).size).toBe(3);
    const times = all.map((p) => Number(p.uTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const foreign = await bob.get<Page>(`${MIX_PRIVATE.historyPosition}?${FX}&idLessThan=${all[0]!.positionId}`);
    expect(foreign.body.code).toBe("00000");
    expect(foreign.body.data.list).toEqual([]);
    const unknown = await alice.get<Page>(`${MIX_PRIVATE.historyPosition}?${FX}&idLessThan=1`);
    expect(unknown.body.data.list).toEqual([]);
  });

  it("walks orders, fills and bills with their cursors, and refuses windows that end before they start", async () => {
    type Orders = { entrustedList: Row[] | null; endId: string };
    const orders = await walkEndId(alice, `${MIX_PRIVATE.ordersHistory}?${FX}`, 4, (p: Orders) => p.entrustedList);
    expect(orders).toHaveLength(6);
    type Fills = { fillList: Row[] | null; endId: string };
    const fills = await walkEndId(alice, `${MIX_PRIVATE.fills}?${FX}`, 4, (p: Fills) => p.fillList);
    expect(new Set(fills.map((f) => f.tradeId)).size).toBe(fills.length);
    type Bills = { bills: Row[]; endId: string };
    const bills = await walkEndId(alice, `${MIX_PRIVATE.bills}?${FX}`, 3, (p: Bills) => p.bills);
    expect(new Set(bills.map((b) => b.billId)).size).toBe(bills.length);
    const opens = await alice.get<Bills>(`${MIX_PRIVATE.bills}?${FX}&businessType=open_long&limit=100`);
    expect(opens.body.data.bills).toHaveLength(3);
    const now = Date.now();
    for (const path of [MIX_PRIVATE.ordersHistory, MIX_PRIVATE.fills, MIX_PRIVATE.bills, MIX_PRIVATE.historyPosition])
      await codes(alice, path, [
        [`${FX}&startTime=${now}&endTime=${now - 1}`, "40017"],
        [`${FX}&limit=0`, "00000"],
        [`${FX}&limit=1000`, "00000"],
      ]);
    await codes(alice, MIX_PRIVATE.ordersPlanHistory, [[`${FX}&planType=normal_plan&startTime=${now}&endTime=${now - 1}`, "40017"]]);
    await codes(alice, MIX_PRIVATE.fills, [[`${FX}&idLessThan=x1`, "40017"]]);
  });
});

describe("margin history", () => {
  it("refuses a window that ends before it starts and a fills cursor that is not an id", async () => {
    const now = Date.now();
    for (const path of [C.borrowHistory, C.repayHistory, C.interestHistory, C.liquidationHistory, C.financialRecords])
      await codes(alice, path, [
        [`startTime=${now}&endTime=${now - 1}`, "40017"],
        [`startTime=${now - 1000}`, "00000"],
      ]);
    await codes(alice, C.historyOrders, [[`symbol=BTCUSDT&startTime=${now}&endTime=${now - 1}`, "40017"]]);
    await codes(alice, C.fills, [[`symbol=BTCUSDT&startTime=${now - 1000}&idLessThan=abc`, "40017"]]);
  });
});
