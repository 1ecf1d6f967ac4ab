/**
 * Margin trading through the BFF (docs/decisions/320): transfers between spot and the crossed and
 * isolated accounts, every account, borrowing and history endpoint of Bitget's v2 margin API, margin
 * orders with each loanType, and a liquidation on a price path made of real trades on the spot book,
 * with what a careless or hostile caller sends instead. The simulated market is off, so every
 * price is one these tests trade.
 */
import Database from "better-sqlite3";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { MARGIN_CROSSED as C, MARGIN_ISOLATED as I } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { queueDeposit } from "../../gateway/exchange/deposits.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { webForSuite } from "../setup/suite.ts";
import { until } from "../setup/until.ts";

type Json = Record<string, unknown>;
/** Waits until `cond` holds (or `ms` pass); the assertion after it says what was wrong. */
const waitFor = (cond: () => Promise<boolean>, ms: number) => until(cond, (v) => v, ms, 200);
const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", EXCHANGE_SIMULATOR: "off", MARGIN_INTEREST_INTERVAL_MS: "2000" });
let alice: Client;
let bob: Client;
let carol: Client;

beforeAll(async () => {
  alice = new Client(web.url, makeKey(web.dir, "mg-alice"));
  bob = new Client(web.url, makeKey(web.dir, "mg-bob"));
  carol = new Client(web.url, makeKey(web.dir, "mg-carol"));
  for (const c of [alice, bob, carol]) expect((await c.get(V2.assets)).body.code).toBe("00000");
});

const transfer = (c: Client, body: Json) => c.post<{ transferId: string }>(MIX_PRIVATE.walletTransfer, { coin: "USDT", ...body });
const spotUsdt = async (c: Client) => Number((await c.get<Json[]>(`${V2.assets}?coin=USDT`)).body.data[0]?.available ?? "0");
const asset = async (c: Client, path: string, coin: string) =>
  (await c.get<Json[]>(path)).body.data.find((a) => a.coin === coin) as Record<string, string> | undefined;

/** Sends each body and expects Bitget's code for it, never a 500. */
async function refusals(c: Client, method: "GET" | "POST", path: string, cases: Array<[Json | string, string]>) {
  for (const [body, code] of cases) {
    const r = method === "GET" ? await c.get(`${path}${body as string}`) : await c.post(path, body);
    expect(r.status, JSON.stringify(body)).toBeLessThan(500);
    expect(r.body.code, `${path} ${JSON.stringify(body)}: ${r.body.msg}`).toBe(code);
  }
}

describe("transfers between spot and margin (wallet/transfer)", () => {
  it("moves coins into the crossed and an isolated account and back, and refuses what is wrong", async () => {
    const before = await spotUsdt(alice);
    expect((await transfer(alice, { fromType: "spot", toType: "crossed_margin", amount: "1000" })).body.code).toBe("00000");
    expect((await transfer(alice, { fromType: "spot", toType: "isolated_margin", amount: "500", symbol: "BTCUSDT" })).body.code).toBe(
      "00000",
    );
    expect(await spotUsdt(alice)).toBeCloseTo(before - 1500, 6);
    expect((await asset(alice, C.assets, "USDT"))?.available).toBe("1000.00000000");
    expect(await asset(alice, `${I.assets}?symbol=BTCUSDT`, "USDT")).toMatchObject({ symbol: "BTCUSDT", available: "500.00000000" });
    await refusals(alice, "POST", MIX_PRIVATE.walletTransfer, [
      [{ fromType: "spot", toType: "crossed_margin", amount: "100000000", coin: "USDT" }, "43012"],
      [{ fromType: "spot", toType: "crossed_margin", amount: "0", coin: "USDT" }, "40017"],
      [{ fromType: "spot", toType: "crossed_margin", amount: "", coin: "USDT" }, "40019"],
      [{ fromType: "spot", toType: "crossed_margin", amount: "1".repeat(39), coin: "USDT" }, "40017"],
      [{ fromType: "spot", toType: "isolated_margin", amount: "1", coin: "USDT" }, "40019"],
      [{ fromType: "spot", toType: "isolated_margin", amount: "1", coin: "USDT", symbol: "NOPEUSDT" }, "40034"],
      [{ fromType: "spot", toType: "isolated_margin", amount: "1", coin: "ETH", symbol: "BTCUSDT" }, "40034"],
      [{ fromType: "crossed_margin", toType: "isolated_margin", amount: "1", coin: "USDT", symbol: "BTCUSDT" }, "40017"],
      [{ fromType: "crossed_margin", toType: "spot", amount: "1000.00000001", coin: "USDT" }, "50023"],
    ]);
    // spot and futures still go through the futures route
    expect((await transfer(alice, { fromType: "spot", toType: "usdt_futures", amount: "1" })).body.code).toBe("00000");
    expect((await transfer(alice, { fromType: "CROSSED_MARGIN", toType: "SPOT", amount: "100", coin: "usdt" })).body.code).toBe("00000");
    expect((await asset(alice, C.assets, "USDT"))?.available).toBe("900.00000000");
    const records = await alice.get<{ resultList: Json[] }>(`${C.financialRecords}?marginType=transfer_in`);
    expect(records.body.data.resultList.map((r) => r.amount)).toEqual(["1000.00000000"]);
  });
});

describe("borrowing, repayment and limits", () => {
  it("lends within the limits, shows rates, risk and history, and repays interest first", async () => {
    const tier = await alice.get<Json[]>(`${C.tierData}?coin=USDT`);
    expect(tier.body.data[0]).toMatchObject({ tier: "1", leverage: "3", coin: "USDT", maxBorrowableAmount: "500000.00000000" });
    const rate = await alice.get<Json[]>(`${C.interestRateAndLimit}?coin=USDT`);
    expect(rate.body.data[0]).toMatchObject({ coin: "USDT", dailyInterestRate: "0.00010000", borrowable: true, leverage: "3" });
    const max = await alice.get<Json>(`${C.maxBorrowable}?coin=USDT`);
    expect(max.body.data).toEqual({ coin: "USDT", maxBorrowableAmount: "1800.00000000" });
    await refusals(alice, "POST", C.borrow, [
      [{ coin: "USDT", borrowAmount: "1800.00000001" }, "50021"],
      [{ coin: "USDT", borrowAmount: "-1" }, "40017"],
      [{ coin: "USDT", borrowAmount: "99999999999999999999999" }, "40017"],
      [{ coin: "USDT" }, "40019"],
      [{ coin: "", borrowAmount: "1" }, "40019"],
      [{ coin: "PEPE", borrowAmount: "1" }, "40034"],
      [{ coin: "USDT", borrowAmount: 5 }, "00000"],
    ]);
    const b = await alice.post<Json>(C.borrow, { coin: "USDT", borrowAmount: "600", clientOid: "loan-1" });
    expect(b.body.data).toMatchObject({ coin: "USDT", borrowAmount: "600.00000000" });
    const a = await asset(alice, C.assets, "USDT");
    expect(a).toMatchObject({ borrow: "605.00000000", available: "1505.00000000" });
    expect(Number(a?.interest)).toBeGreaterThan(0);
    const risk = await alice.get<Json>(C.riskRate);
    expect(Number(risk.body.data.riskRateRatio)).toBeGreaterThan(2.4);
    const out = await alice.get<Json>(`${C.maxTransferOut}?coin=USDT`);
    expect(Number(out.body.data.maxTransferOutAmount)).toBeLessThan(1505 - 605 * 1.5 + 0.01);
    await refusals(alice, "POST", C.repay, [
      [{ coin: "USDT", repayAmount: "606" }, "50022"],
      [{ coin: "BTC", repayAmount: "1" }, "50022"],
      [{ coin: "USDT", repayAmount: "abc" }, "40017"],
    ]);
    const interest = Number(a?.interest);
    const r = await alice.post<Json>(C.repay, { coin: "USDT", repayAmount: "100" });
    expect(r.body.data).toMatchObject({ coin: "USDT", repayAmount: "100.00000000" });
    expect(Number(r.body.data.remainDebtAmount)).toBeCloseTo(605 + interest - 100, 6);
    const repays = await alice.get<{ resultList: Json[] }>(C.repayHistory);
    expect(Number(repays.body.data.resultList[0]?.repayInterest)).toBeCloseTo(interest, 8);
    const borrows = await alice.get<{ resultList: Json[] }>(`${C.borrowHistory}?coin=USDT`);
    expect(borrows.body.data.resultList.map((x) => x.borrowAmount)).toEqual(["600.00000000", "5.00000000"]);
    // the interest clock (2 s here) charges further hours
    await waitFor(async () => (await alice.get<{ resultList: Json[] }>(C.interestHistory)).body.data.resultList.length >= 3, 15_000);
    const hist = await alice.get<{ resultList: Json[] }>(C.interestHistory);
    expect(hist.body.data.resultList[0]).toMatchObject({ interestCoin: "USDT", dailyInterestRate: "0.00010000" });
    expect((await alice.get<Json[]>(C.liquidationHistory)).body.code).toBe("00000");
  });

  it("answers the isolated account's limits per pair and refuses a pair that is not listed", async () => {
    const max = await alice.get<Json>(`${I.maxBorrowable}?symbol=BTCUSDT`);
    expect(max.body.data).toMatchObject({
      symbol: "BTCUSDT",
      baseCoin: "BTC",
      quoteCoin: "USDT",
      quoteCoinMaxBorrowAmount: "4500.00000000",
    });
    const b = await alice.post<Json>(I.borrow, { symbol: "btcusdt", coin: "BTC", borrowAmount: "0.001" });
    expect(b.body.data).toMatchObject({ symbol: "BTCUSDT", coin: "BTC", borrowAmount: "0.00100000" });
    expect((await alice.get<Json[]>(`${I.riskRate}?symbol=BTCUSDT`)).body.data[0]).toMatchObject({ symbol: "BTCUSDT" });
    expect((await alice.get<Json>(`${I.maxTransferOut}?symbol=BTCUSDT`)).body.data).toMatchObject({ baseCoin: "BTC", quoteCoin: "USDT" });
    expect((await alice.get<Json[]>(`${I.tierData}?symbol=BTCUSDT`)).body.data[0]).toMatchObject({ leverage: "10", baseCoin: "BTC" });
    expect((await alice.get<Json[]>(`${I.interestRateAndLimit}?symbol=BTCUSDT`)).body.data[0]).toMatchObject({
      baseDailyInterestRate: "0.00005000",
    });
    for (const path of [I.maxBorrowable, I.maxTransferOut, I.tierData, I.interestRateAndLimit])
      await refusals(alice, "GET", path, [
        ["", "40019"],
        ["?symbol=NOPEUSDT", "40034"],
      ]);
    await refusals(alice, "POST", I.borrow, [
      [{ symbol: "BTCUSDT", coin: "ETH", borrowAmount: "1" }, "40034"],
      [{ coin: "BTC", borrowAmount: "1" }, "40019"],
      [{ symbol: "BTCUSDT", coin: "BTC", borrowAmount: "10" }, "50021"],
    ]);
    // the isolated loan is not the crossed account's
    expect((await asset(alice, C.assets, "BTC"))?.borrow ?? "0").not.toBe("0.00100000");
  });
});

describe("margin orders", () => {
  it("rests, lists, cancels and batches margin orders with their loanType, and keeps them apart from spot and other users", async () => {
    const p = await alice.post<{ orderId: string; clientOid: string }>(C.placeOrder, {
      symbol: "BTCUSDT",
      orderType: "limit",
      price: "50000",
      loanType: "normal",
      force: "gtc",
      baseSize: "0.01",
      side: "buy",
      clientOid: "mg-1",
    });
    expect(p.body.code, p.body.msg).toBe("00000");
    const open = await alice.get<{ orderList: Json[] }>(`${C.openOrders}?symbol=BTCUSDT`);
    expect(open.body.data.orderList[0]).toMatchObject({
      orderId: p.body.data.orderId,
      loanType: "normal",
      price: "50000.00",
      status: "live",
    });
    // the order freezes margin coins, not spot ones, and is not a spot order
    expect((await asset(alice, C.assets, "USDT"))?.frozen).toBe("500.00000000");
    expect((await alice.get<Json[]>(`${V2.unfilled}?symbol=BTCUSDT`)).body.data).toEqual([]);
    await refusals(bob, "POST", C.cancelOrder, [[{ symbol: "BTCUSDT", orderId: p.body.data.orderId }, "43001"]]);
    await refusals(alice, "POST", C.placeOrder, [
      [
        { symbol: "BTCUSDT", orderType: "limit", price: "50000", loanType: "normal", baseSize: "0.01", side: "buy", clientOid: "mg-1" },
        "43118",
      ],
      [{ symbol: "BTCUSDT", orderType: "limit", price: "50000", loanType: "sometimes", baseSize: "0.01", side: "buy" }, "40017"],
      [{ symbol: "BTCUSDT", orderType: "limit", price: "50000", baseSize: "0.01", side: "buy" }, "40019"],
      [{ symbol: "BTCUSDT", orderType: "limit", price: "50000", loanType: "normal", side: "buy" }, "40019"],
      [{ symbol: "BTCUSDT", orderType: "limit", price: "50000", loanType: "normal", baseSize: "1", side: "buy" }, "43012"],
      [{ symbol: "BTCUSDT", orderType: "limit", price: "50000", loanType: "autoLoan", baseSize: "100", side: "buy" }, "50021"],
      [{ symbol: "NOPE", orderType: "limit", price: "1", loanType: "normal", baseSize: "1", side: "buy" }, "40034"],
      [{ symbol: "BTCUSDT", orderType: "limit", price: "1e9", loanType: "normal", baseSize: "1", side: "buy" }, "40808"],
    ]);
    const c = await alice.post<Json>(C.cancelOrder, { symbol: "BTCUSDT", clientOid: "mg-1" });
    expect(c.body.data).toMatchObject({ orderId: p.body.data.orderId });
    await refusals(alice, "POST", C.cancelOrder, [
      [{ symbol: "BTCUSDT", orderId: p.body.data.orderId }, "43004"],
      [{ symbol: "BTCUSDT" }, "40019"],
    ]);
    const hist = await alice.get<{ orderList: Json[] }>(`${C.historyOrders}?symbol=BTCUSDT`);
    expect(hist.body.data.orderList[0]).toMatchObject({ orderId: p.body.data.orderId, status: "cancelled", loanType: "normal" });

    const batch = await alice.post<{ successList: Json[]; failureList: Json[] }>(I.batchPlaceOrder, {
      symbol: "BTCUSDT",
      orderList: [
        { orderType: "limit", price: "40000", loanType: "normal", force: "gtc", baseSize: "0.001", side: "buy", clientOid: "b-1" },
        { orderType: "limit", price: "40000", loanType: "normal", force: "gtc", baseSize: "10", side: "buy", clientOid: "b-2" },
      ],
    });
    expect(batch.body.data.successList.map((x) => x.clientOid)).toEqual(["b-1"]);
    expect(batch.body.data.failureList[0]).toMatchObject({ clientOid: "b-2", errorCode: "43012" });
    const bc = await alice.post<{ successList: Json[]; failureList: Json[] }>(I.batchCancelOrder, {
      symbol: "BTCUSDT",
      orderIdList: [{ clientOid: "b-1" }, { orderId: "123" }],
    });
    expect(bc.body.data.successList).toHaveLength(1);
    expect(bc.body.data.failureList).toHaveLength(1);
  });
});

describe("liquidation on a price path", () => {
  it("closes out a short when trades push BTC up, buying back on the book, and records it", async () => {
    // bob gets BTC from the operator; carol buys from him at rising prices
    const db = new Database(join(web.dir, "gateway.sqlite"));
    db.pragma("busy_timeout = 5000");
    queueDeposit(db, { env: "live", userId: "mg-bob", coin: "BTC", amount: 10n ** 8n });
    db.close();
    await waitFor(async () => Number((await bob.get<Json[]>(`${V2.assets}?coin=BTC`)).body.data[0]?.available ?? 0) >= 1, 10_000);
    const spot = (c: Client, side: string, priceText: string, size: string) =>
      c.post(V2.placeOrder, { symbol: "BTCUSDT", side, orderType: "limit", force: "gtc", price: priceText, size });
    // a carol bid to sell the borrowed BTC into
    expect((await spot(carol, "buy", "95000", "0.01")).body.code).toBe("00000");
    const dave = new Client(web.url, makeKey(web.dir, "mg-dave"));
    await dave.get(V2.assets);
    expect((await transfer(dave, { fromType: "spot", toType: "isolated_margin", amount: "200", symbol: "BTCUSDT" })).body.code).toBe(
      "00000",
    );
    const short = await dave.post<Json>(I.placeOrder, {
      symbol: "BTCUSDT",
      orderType: "limit",
      price: "95000",
      loanType: "autoLoanAndRepay",
      force: "gtc",
      baseSize: "0.01",
      side: "sell",
    });
    expect(short.body.code, short.body.msg).toBe("00000");
    const debt = await asset(dave, `${I.assets}?symbol=BTCUSDT`, "BTC");
    expect(debt?.borrow).toBe("0.01000000");
    // bob's ask is what the close-out buys from
    expect((await spot(bob, "sell", "109000", "0.5")).body.code).toBe("00000");
    for (const p of ["99000", "103000", "105000", "107000"]) {
      expect((await spot(carol, "buy", p, "0.001")).body.code).toBe("00000");
      expect((await spot(bob, "sell", p, "0.001")).body.code).toBe("00000");
    }
    await waitFor(
      async () => (await dave.get<{ resultList: Json[] }>(`${I.liquidationHistory}?symbol=BTCUSDT`)).body.data.resultList.length === 1,
      10_000,
    );
    const liq = (await dave.get<{ resultList: Json[] }>(`${I.liquidationHistory}?symbol=BTCUSDT`)).body.data.resultList[0]!;
    expect(Number(liq.liqRiskRatio)).toBeLessThan(1.1);
    const after = await asset(dave, `${I.assets}?symbol=BTCUSDT`, "BTC");
    expect(after?.borrow ?? "0.00000000").toBe("0.00000000");
    // the buy-back is a system order of the account, filled on the spot book
    const fills = await dave.get<{ fills: Json[] }>(`${I.fills}?symbol=BTCUSDT`);
    expect(fills.body.data.fills.map((f) => f.side)).toContain("buy");
    const orders = await dave.get<{ orderList: Json[] }>(`${I.historyOrders}?symbol=BTCUSDT`);
    expect(orders.body.data.orderList.some((o) => o.enterPointSource === "SYS")).toBe(true);
    const risk = await dave.get<Json[]>(`${I.riskRate}?symbol=BTCUSDT`);
    expect(risk.body.data[0]).toMatchObject({ riskRateRatio: "0" });
  });
});

describe("margin in the simulation environment", () => {
  it("keeps demo margin accounts and loans apart from live ones", async () => {
    const key = makeKey(web.dir, "mg-paper");
    const live = new Client(web.url, key);
    const paper = new Client(web.url, key, { paptrading: "1" });
    await live.get(V2.assets);
    await paper.get(V2.assets);
    expect((await transfer(paper, { fromType: "spot", toType: "crossed_margin", amount: "1000" })).body.code).toBe("00000");
    expect((await paper.post(C.borrow, { coin: "BTC", borrowAmount: "0.001" })).body.code).toBe("00000");
    expect(await asset(paper, C.assets, "BTC")).toMatchObject({ borrow: "0.00100000" });
    expect(await asset(live, C.assets, "BTC")).toBeUndefined();
    expect((await asset(live, C.assets, "USDT"))?.available).toBe("0.00000000");
    expect((await paper.post(V2.paperReset, {})).body.code).toBe("00000");
    expect(await asset(paper, C.assets, "BTC")).toBeUndefined();
  });
});

describe("margin and the API key's permissions", () => {
  it("lets a read-only key read its margin accounts but not borrow, repay, trade or move coins", async () => {
    const reader = new Client(web.url, makeKey(web.dir, "mg-reader", ["read"]));
    expect((await reader.get(V2.assets)).body.code).toBe("00000");
    expect((await reader.get(C.assets)).body.code).toBe("00000");
    expect((await reader.get(`${I.riskRate}?symbol=BTCUSDT`)).body.code).toBe("00000");
    const order = {
      symbol: "BTCUSDT",
      orderType: "limit",
      price: "50000",
      loanType: "autoLoan",
      force: "gtc",
      baseSize: "0.01",
      side: "buy",
    };
    for (const [path, body] of [
      [C.borrow, { coin: "USDT", borrowAmount: "1" }],
      [C.repay, { coin: "USDT", repayAmount: "1" }],
      [C.placeOrder, order],
      [I.placeOrder, order],
      [C.batchPlaceOrder, { symbol: "BTCUSDT", orderList: [order] }],
      [C.cancelOrder, { symbol: "BTCUSDT", orderId: "1" }],
      [MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "crossed_margin", amount: "1", coin: "USDT" }],
    ] as const) {
      const r = await reader.post(path, body);
      expect([r.status, r.body.code], path).toEqual([403, "40014"]);
    }
  });
});
