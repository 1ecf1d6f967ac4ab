/**
 * Outside Bitget v2 clients as they really talk (docs/decisions/307): Bitget's own documented
 * request examples, sent verbatim (our symbols and ticks), enum spellings in any case, and `""`
 * for optional fields a client leaves empty. Dangerous input (numbers, sizes, symbols) stays refused.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2, WS_PATHS } from "../../protocol/bitget.ts";
import { Client, makeKey, startGateway, stopGateway, tempDataDir, type RunningGateway } from "../../gateway/exchange/testing/harness.ts";
import { registerByEmail } from "../setup/accounts.ts";
import { apiKeyLogin, limitOrder, ordersAndAccount, sentEmpty, type Placed } from "../setup/exchange.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";

let gw: RunningGateway;
let alice: Client;
let aliceKey: ReturnType<typeof makeKey>;

type Batch = { successList: Placed[]; failureList: Array<Placed & { errorMsg: string; errorCode: string }> };
type Row = Record<string, string>;

beforeAll(async () => {
  gw = await startGateway(tempDataDir(), { EXCHANGE_WELCOME_USDT: "1000000", EXCHANGE_RATE_LIMITS: "off" });
  aliceKey = makeKey(gw.dataDir, "compat-alice");
  alice = new Client(gw.base, aliceKey);
});
afterAll(async () => {
  await stopGateway(gw);
});

/** A price well below the market, so a limit buy rests. */
const REST_BTC = "23222.5";
/** The fields of a BTCUSDT market buy, which a test completes with a size and its own optional fields. */
const MARKET_BUY = { symbol: "BTCUSDT", side: "buy", orderType: "market" };
/** The optional place-order fields that a client leaves out, sent as `""` the way Bitget's SDKs send them. */
const EMPTY_OPTIONALS = sentEmpty(
  "force",
  "price",
  "clientOid",
  "stpMode",
  "tpslType",
  "triggerPrice",
  "requestTime",
  "receiveWindow",
  "presetTakeProfitPrice",
  "executeTakeProfitPrice",
  "presetStopLossPrice",
  "executeStopLossPrice",
);

describe("place-order as Bitget documents it", () => {
  it("accepts the documented example verbatim", async () => {
    const documented = {
      symbol: "BTCUSDT",
      side: "buy",
      orderType: "limit",
      force: "gtc",
      price: "23222.5",
      size: "1",
      clientOid: "121211212122",
    };
    const r = await alice.post<Placed>(V2.placeOrder, documented);
    expect([r.status, r.body.code]).toEqual([200, "00000"]);
    expect(r.body.data.clientOid).toBe("121211212122");
  });

  it("accepts enumerations in any case and stores Bitget's spelling", async () => {
    // a limit buy of 0.01 BTCUSDT at REST_BTC, its enumerations spelled as sent; what the order reads back as
    const spellings: Array<[Row, Row]> = [
      [
        { side: "BUY", orderType: "LIMIT", force: "GTC", stpMode: "Cancel_Taker", tpslType: "NORMAL" },
        { side: "buy", orderType: "limit", force: "gtc", stpMode: "cancel_taker" },
      ],
      [{ side: "Buy", orderType: "Limit", force: "POST_ONLY" }, { force: "post_only" }],
    ];
    for (const [sent, stored] of spellings) {
      const r = await limitOrder(alice, REST_BTC, sent);
      expect(r.body.code).toBe("00000");
      const info = await alice.get<Row[]>(`${V2.orderInfo}?orderId=${r.body.data.orderId}`);
      expect(info.body.data[0]).toMatchObject(stored);
    }
  });

  it("treats empty optional fields as absent (a market order as SDKs send it)", async () => {
    const r = await alice.post<Placed>(V2.placeOrder, { ...MARKET_BUY, size: "10", ...EMPTY_OPTIONALS });
    expect([r.status, r.body.code, r.body.msg]).toEqual([200, "00000", "success"]);
    // no clientOid given: the order id stands in for it, as before
    expect(r.body.data.clientOid).toBe(r.body.data.orderId);
  });

  it("treats null optional fields as absent too", async () => {
    const r = await limitOrder(alice, REST_BTC, { clientOid: null, stpMode: null });
    expect(r.body.code).toBe("00000");
  });

  it("still refuses what is dangerous: empty or malformed required values, unknown enums, wrong types", async () => {
    const base = { symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", price: REST_BTC, size: "0.01" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, size: "" }, "40019"],
      [{ ...base, price: "" }, "40019"],
      [{ ...base, side: "" }, "40019"],
      [{ ...base, symbol: "" }, "40019"],
      [{ ...base, side: "long" }, "40017"],
      [{ ...base, force: "gtd" }, "40017"],
      [{ ...base, force: "g t c" }, "40017"],
      [{ ...base, size: "1e-2" }, "40808"],
      [{ ...base, size: " 0.01" }, "40808"],
      [{ ...base, price: "-1" }, "40808"],
      [{ ...base, symbol: "BTC-USDT" }, "40034"],
      [{ ...base, size: true }, "40017"],
      [{ ...base, side: ["buy"] }, "40017"],
      [{ ...base, clientOid: "has space" }, "40017"],
      [{ ...base, tpslType: "oco" }, "40017"],
    ];
    for (const [body, code] of cases) {
      const r = await alice.post(V2.placeOrder, body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([400, code]);
      expect(r.body.msg.length).toBeGreaterThan(0);
    }
  });
});

describe("batch endpoints as Bitget documents them", () => {
  it("places the documented batch example verbatim, in request order, with Bitget's per-item failure shape", async () => {
    const doc = await alice.post<Batch>(V2.batchOrders, {
      symbol: "BTCUSDT",
      orderList: [{ side: "buy", orderType: "limit", force: "gtc", price: "23222.5", size: "1", clientOid: "batch-doc-1" }],
    });
    expect(doc.body.code).toBe("00000");
    expect(doc.body.data.successList).toEqual([{ orderId: expect.any(String), clientOid: "batch-doc-1" }]);
    expect(doc.body.data.failureList).toEqual([]);

    const r = await alice.post<Batch>(V2.batchOrders, {
      symbol: "BTCUSDT",
      batchMode: "SINGLE",
      orderList: [
        { side: "BUY", orderType: "LIMIT", force: "GTC", price: REST_BTC, size: "0.01", clientOid: "batch-a" },
        { side: "buy", orderType: "limit", force: "gtc", price: REST_BTC, size: "0.01", clientOid: "" },
        { side: "buy", orderType: "limit", force: "gtc", price: "", size: "0.01", clientOid: "batch-bad" },
        { side: "buy", orderType: "limit", force: "gtc", price: REST_BTC, size: "0.01", clientOid: "batch-a" },
        { side: "buy", orderType: "limit", force: "gtc", price: REST_BTC, size: "0.01", clientOid: "batch-c" },
      ],
    });
    expect(r.body.code).toBe("00000");
    expect(r.body.data.successList.map((s) => s.clientOid)).toEqual(["batch-a", expect.any(String), "batch-c"]);
    expect(r.body.data.failureList).toEqual([
      { orderId: "", clientOid: "batch-bad", errorMsg: expect.stringContaining("price"), errorCode: "40019" },
      { orderId: "", clientOid: "batch-a", errorMsg: expect.any(String), errorCode: "43118" },
    ]);
  });

  it("in multiple mode takes each item's symbol; in single mode refuses an item whose symbol contradicts the batch's", async () => {
    const multi = await alice.post<Batch>(V2.batchOrders, {
      symbol: "",
      batchMode: "multiple",
      orderList: [
        { symbol: "ETHUSDT", side: "buy", orderType: "limit", force: "gtc", price: "1000", size: "0.01", clientOid: "multi-eth" },
        { side: "buy", orderType: "limit", force: "gtc", price: "1000", size: "0.01", clientOid: "multi-none" },
      ],
    });
    expect(multi.body.data.successList.map((s) => s.clientOid)).toEqual(["multi-eth"]);
    expect(multi.body.data.failureList).toEqual([
      { orderId: "", clientOid: "multi-none", errorMsg: expect.stringContaining("symbol"), errorCode: "40019" },
    ]);
    const eth = await alice.get<Row[]>(`${V2.orderInfo}?clientOid=multi-eth`);
    expect(eth.body.data[0]!.symbol).toBe("ETHUSDT");

    const single = await alice.post<Batch>(V2.batchOrders, {
      symbol: "BTCUSDT",
      orderList: [
        { symbol: "", side: "buy", orderType: "limit", force: "gtc", price: REST_BTC, size: "0.01", clientOid: "single-empty" },
        { symbol: "ETHUSDT", side: "buy", orderType: "limit", force: "gtc", price: "1000", size: "0.01", clientOid: "single-other" },
      ],
    });
    expect(single.body.data.successList.map((s) => s.clientOid)).toEqual(["single-empty"]);
    expect(single.body.data.failureList).toEqual([
      { orderId: "", clientOid: "single-other", errorMsg: expect.stringContaining("symbol"), errorCode: "40017" },
    ]);
  });

  it("cancels with the documented batch-cancel example (empty top-level symbol, multiple mode)", async () => {
    const a = await limitOrder(alice, REST_BTC, { clientOid: "bc-doc-1" });
    const r = await alice.post<Batch>(V2.batchCancel, {
      symbol: "",
      batchMode: "multiple",
      orderList: [{ orderId: a.body.data.orderId, symbol: "BTCUSDT", clientOid: "bc-doc-1" }],
    });
    expect(r.body.code).toBe("00000");
    expect(r.body.data.successList).toEqual([{ orderId: a.body.data.orderId, clientOid: "bc-doc-1" }]);

    const b = await limitOrder(alice, REST_BTC, { clientOid: "bc-2" });
    const r2 = await alice.post<Batch>(V2.batchCancel, {
      symbol: "BTCUSDT",
      batchMode: "",
      orderList: [
        { orderId: "", clientOid: "bc-2", symbol: "" },
        { orderId: "", clientOid: "" },
        { orderId: "999", clientOid: "" },
      ],
    });
    expect(r2.body.code).toBe("00000");
    expect(r2.body.data.successList).toEqual([{ orderId: b.body.data.orderId, clientOid: "bc-2" }]);
    expect(r2.body.data.failureList).toEqual([
      { orderId: "", clientOid: "", errorMsg: expect.any(String), errorCode: "40019" },
      { orderId: "999", clientOid: "", errorMsg: expect.any(String), errorCode: "43001" },
    ]);
  });

  it("refuses a batch mode it does not know, and a batch that is not a list", async () => {
    const r = await alice.post(V2.batchOrders, {
      symbol: "BTCUSDT",
      batchMode: "all",
      orderList: [{ side: "buy", orderType: "limit", force: "gtc", price: REST_BTC, size: "0.01" }],
    });
    expect([r.status, r.body.code]).toEqual([400, "40017"]);
    const r2 = await alice.post(V2.batchCancel, { symbol: "BTCUSDT", orderList: "all" });
    expect([r2.status, r2.body.code]).toEqual([400, "40017"]);
  });
});

describe("cancel-order", () => {
  it("accepts the documented example, tpslType in any case, and empty ids beside a given one", async () => {
    const a = await limitOrder(alice, REST_BTC);
    const r = await alice.post<Placed>(V2.cancelOrder, { symbol: "BTCUSDT", orderId: a.body.data.orderId });
    expect(r.body.code).toBe("00000");
    const b = await limitOrder(alice, REST_BTC, { clientOid: "cx-b" });
    const r2 = await alice.post<Placed>(V2.cancelOrder, { symbol: "BTCUSDT", tpslType: "NORMAL", orderId: "", clientOid: "cx-b" });
    expect(r2.body.data).toEqual({ orderId: b.body.data.orderId, clientOid: "cx-b" });
    const c = await limitOrder(alice, REST_BTC);
    const r3 = await alice.post<Placed>(V2.cancelOrder, { symbol: "BTCUSDT", tpslType: "", orderId: c.body.data.orderId, clientOid: "" });
    expect(r3.body.code).toBe("00000");
    const r4 = await alice.post(V2.cancelOrder, { symbol: "BTCUSDT", orderId: "", clientOid: "" });
    expect([r4.status, r4.body.code]).toEqual([400, "40019"]);
  });

  it("cancels a TP/SL order without a symbol, as Bitget allows for tpslType tpsl", async () => {
    const t = await alice.post<Placed>(V2.placeOrder, {
      ...MARKET_BUY,
      size: "10",
      triggerPrice: "20000",
      tpslType: "TPSL",
      clientOid: "",
    });
    expect(t.body.code).toBe("00000");
    const r = await alice.post<Placed>(V2.cancelOrder, { orderId: t.body.data.orderId, tpslType: "tpsl" });
    expect(r.body.data).toEqual({ orderId: t.body.data.orderId, clientOid: t.body.data.clientOid });
    // a normal order still needs its symbol
    const n = await alice.post(V2.cancelOrder, { orderId: "1", symbol: "" });
    expect([n.status, n.body.code]).toEqual([400, "40019"]);
  });
});

describe("plan orders as Bitget documents them", () => {
  it("places the documented example (numbers for triggerPrice and size, triggerType market_price)", async () => {
    // Bitget's example on TRXUSDT, its prices cut to our 5-decimal tick
    const r = await alice.post<Placed>(V2.placePlan, {
      symbol: "TRXUSDT",
      side: "buy",
      triggerPrice: 0.04157,
      executePrice: "0.04157",
      size: 151,
      triggerType: "market_price",
      orderType: "limit",
      clientOid: "12345",
      force: "gtc",
    });
    expect([r.body.code, r.body.msg]).toEqual(["00000", "success"]);
    const cur = await alice.get<{ orderList: Row[] }>(`${V2.currentPlan}?symbol=TRXUSDT&limit=10`);
    expect(cur.body.data.orderList[0]).toMatchObject({
      clientOid: "12345",
      triggerType: "mark_price",
      planType: "amount",
      size: "151",
      triggerPrice: "0.04157",
    });

    const m = await alice.post<Placed>(V2.modifyPlan, {
      orderId: r.body.data.orderId,
      triggerPrice: 0.04122,
      executePrice: "0.04127",
      size: 156,
      orderType: "limit",
    });
    expect(m.body.code).toBe("00000");
    const c = await alice.post<{ result: string }>(V2.cancelPlan, { orderId: r.body.data.orderId });
    expect(c.body.data).toEqual({ result: "success" });
  });

  it("accepts enums in any case and empty optionals on plans", async () => {
    const r = await alice.post<Placed>(V2.placePlan, {
      symbol: "TRXUSDT",
      side: "SELL",
      triggerPrice: "0.9",
      orderType: "MARKET",
      size: "100",
      triggerType: "FILL_PRICE",
      ...sentEmpty("executePrice", "planType", "clientOid", "force", "stpMode"),
    });
    expect(r.body.code).toBe("00000");
    const m = await alice.post<Placed>(V2.modifyPlan, {
      orderId: r.body.data.orderId,
      triggerPrice: "0.95",
      orderType: "Market",
      size: "100",
      ...sentEmpty("clientOid", "executePrice"),
    });
    expect(m.body.code).toBe("00000");
    const c = await alice.post(V2.cancelPlan, { orderId: "", clientOid: r.body.data.clientOid });
    expect(c.body.code).toBe("00000");
    const bad = await alice.post(V2.placePlan, {
      symbol: "TRXUSDT",
      side: "buy",
      triggerPrice: "0.9",
      orderType: "market",
      size: "10",
      triggerType: "index_price",
    });
    expect([bad.status, bad.body.code]).toEqual([400, "40017"]);
  });
});

describe("queries as Bitget documents them", () => {
  it("takes query enums in any case", async () => {
    const open = await alice.get<Row[]>(`${V2.unfilled}?symbol=BTCUSDT&tpslType=NORMAL`);
    expect(open.body.code).toBe("00000");
    const assets = await alice.get<Row[]>(`${V2.assets}?assetType=ALL`);
    expect(assets.body.code).toBe("00000");
    expect(assets.body.data.length).toBeGreaterThan(1);
    const bills = await alice.get<Row[]>(`${V2.bills}?groupType=DEPOSIT&businessType=deposit`);
    expect(bills.body.code).toBe("00000");
    expect(bills.body.data.length).toBeGreaterThan(0);
    const bills2 = await alice.get<Row[]>(`${V2.bills}?businessType=transfer-in`);
    expect(bills2.body.code).toBe("00000");
    const bad = await alice.get(`${V2.bills}?groupType=lottery`);
    expect([bad.status, bad.body.code]).toEqual([400, "40017"]);
  });

  it("takes the candle granularities Bitget's notes and streams spell, and never confuses minutes with months", async () => {
    const anon = new Client(gw.base);
    const doc = await anon.get<string[][]>(`${V2.candles}?symbol=BTCUSDT&granularity=1min&limit=100`);
    expect(doc.body.code).toBe("00000");
    const span = async (g: string) => {
      const r = await anon.get<string[][]>(`${V2.candles}?symbol=BTCUSDT&granularity=${encodeURIComponent(g)}&limit=3`);
      expect(r.body.code, g).toBe("00000");
      const ts = r.body.data.map((row) => Number(row[0]));
      return ts.length >= 2 ? Math.abs(ts[1]! - ts[0]!) : undefined;
    };
    expect(await span("1H")).toBe(3_600_000);
    expect(await span("1h")).toBe(3_600_000);
    expect(await span("1m")).toBe(60_000);
    expect(await span("1MIN")).toBe(60_000);
    expect(await span("5m")).toBe(300_000);
    const month = await anon.get<string[][]>(`${V2.candles}?symbol=BTCUSDT&granularity=1M&limit=3`);
    expect(month.body.code).toBe("00000");
    const bad = await anon.get(`${V2.candles}?symbol=BTCUSDT&granularity=7min`);
    expect([bad.status, bad.body.code]).toEqual([400, "40017"]);
  });
});

describe("sub-account transfer as Bitget documents it", () => {
  it("moves funds with the documented body, account types in any case and an empty clientOid or symbol", async () => {
    const { c, userId: mainId } = await registerByEmail({ url: gw.base, dataDir: gw.dataDir }, "compat-owner@example.com");
    const created = await c.call("POST", "/v1/user/sub/create", { nickName: "Compat desk" });
    const subId = created.body.data.userId as string;
    const transfer = (fromUserId: string, toUserId: string, fields: Row) =>
      c.call("POST", V2.subaccountTransfer, { fromUserId, toUserId, ...fields });
    const doc = await transfer(mainId, subId, { fromType: "spot", toType: "spot", amount: "10", coin: "USDT", clientOid: "1" });
    expect(doc.body).toMatchObject({ code: "00000", data: { clientOid: "1" } });
    const loose = await transfer(subId, mainId, { fromType: "SPOT", toType: "Spot", amount: "5", coin: "usdt", clientOid: "", symbol: "" });
    expect(loose.body).toMatchObject({ code: "00000", data: { clientOid: null } });
    const futures = await transfer(mainId, subId, { fromType: "USDT_FUTURES", toType: "spot", amount: "1", coin: "USDT" });
    expect([futures.status, futures.body.code]).toEqual([400, "40017"]);
  });
});

describe("stream requests as Bitget clients send them", () => {
  it("subscribes with instType and op in any case, and an empty instId or coin on private channels means default", async () => {
    const pub = await WsClient.open(`ws://127.0.0.1:${gw.port}${WS_PATHS.public}`);
    pub.send({ op: "SUBSCRIBE", args: [{ instType: "spot", channel: "ticker", instId: "BTCUSDT" }] });
    const ev = (await pub.waitFor((m) => isObj(m) && (m.event === "subscribe" || m.event === "error"))) as Msg;
    expect(ev).toMatchObject({ event: "subscribe", arg: { instType: "SPOT", channel: "ticker", instId: "BTCUSDT" } });
    pub.close();

    const priv = await WsClient.open(`ws://127.0.0.1:${gw.port}${WS_PATHS.private}`);
    const ts = String(Math.floor(Date.now() / 1000));
    priv.send(apiKeyLogin(aliceKey, ts));
    await priv.waitFor((m) => isObj(m) && m.event === "login" && m.code === 0);
    priv.send(ordersAndAccount("", ""));
    await priv.waitFor((m) => isObj(m) && m.event === "subscribe" && m.arg?.channel === "orders" && m.arg?.instId === "default");
    await priv.waitFor(
      (m) => isObj(m) && m.event === "subscribe" && m.arg?.channel === "account" && (m.arg as { coin?: string }).coin === "default",
    );
    priv.close();
  });
});

describe("fuzz: any mix of case, empty optionals, huge strings and wrong types", () => {
  const caseOf = (s: string) =>
    fc
      .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
      .map((flags) => [...s].map((ch, i) => (flags[i] ? ch.toUpperCase() : ch)).join(""));
  const junk = fc.oneof(
    fc.constant(""),
    fc.constant(null),
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.boolean(),
    fc.constant("x".repeat(2000)),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.object({ maxDepth: 1 }),
  );

  it("place-order always answers an envelope: success, or a 4xx with a Bitget code", async () => {
    const body = fc.record(
      {
        symbol: fc.oneof(fc.constant("BTCUSDT"), caseOf("btcusdt"), junk),
        side: fc.oneof(caseOf("buy"), caseOf("sell"), junk),
        orderType: fc.oneof(caseOf("limit"), junk),
        force: fc.oneof(caseOf("gtc"), caseOf("post_only"), caseOf("ioc"), junk),
        price: fc.oneof(fc.constant(REST_BTC), junk),
        size: fc.oneof(fc.constant("0.01"), junk),
        clientOid: fc.oneof(fc.constant(""), junk),
        stpMode: fc.oneof(caseOf("cancel_maker"), junk),
        tpslType: fc.oneof(caseOf("normal"), fc.constant("")),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const r = await alice.post(V2.placeOrder, b);
        expect(typeof r.body.code).toBe("string");
        expect(typeof r.body.msg).toBe("string");
        if (r.body.code === "00000") expect(r.status).toBe(200);
        else {
          expect(r.status).toBeGreaterThanOrEqual(400);
          expect(r.status).toBeLessThan(500);
          expect(r.body.code).toMatch(/^4\d{4}$/);
        }
      }),
      { numRuns: 120 },
    );
  });

  it("batch-orders and batch-cancel never fail as a whole for a bad item", async () => {
    const item = fc.record(
      {
        symbol: fc.oneof(fc.constant(""), fc.constant("BTCUSDT"), junk),
        side: fc.oneof(caseOf("buy"), junk),
        orderType: fc.oneof(caseOf("limit"), junk),
        force: fc.oneof(caseOf("gtc"), junk),
        price: fc.oneof(fc.constant(REST_BTC), junk),
        size: fc.oneof(fc.constant("0.01"), junk),
        clientOid: fc.oneof(fc.constant(""), junk),
        orderId: fc.oneof(fc.constant(""), junk),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { minLength: 1, maxLength: 5 }),
        fc.oneof(caseOf("single"), caseOf("multiple"), fc.constant("")),
        async (list, batchMode) => {
          for (const path of [V2.batchOrders, V2.batchCancel]) {
            const r = await alice.post<Batch>(path, { symbol: "BTCUSDT", batchMode, orderList: list });
            expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([200, "00000"]);
            expect(r.body.data.successList.length + r.body.data.failureList.length).toBe(list.length);
            for (const f of r.body.data.failureList) expect(f.errorCode).toMatch(/^4\d{4}$/);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
