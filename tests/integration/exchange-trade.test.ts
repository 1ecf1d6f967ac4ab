import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { limitOrder } from "../setup/exchange.ts";
import { Client, makeKey, startGateway, stopGateway, tempDataDir, type RunningGateway } from "../../gateway/exchange/testing/harness.ts";

let gw: RunningGateway;
let alice: Client;
let paper: Client;

type Asset = { coin: string; available: string; frozen: string };
type OrderInfo = Record<string, string>;

beforeAll(async () => {
  // Rate limits are off here so the many calls of one user do not trip them; the last test has its own gateway.
  gw = await startGateway(tempDataDir(), { EXCHANGE_WELCOME_USDT: "10000", EXCHANGE_RATE_LIMITS: "off" });
  const key = makeKey(gw.dataDir, "alice");
  alice = new Client(gw.base, key);
  paper = new Client(gw.base, key, { paptrading: "1" });
});
afterAll(async () => {
  await stopGateway(gw);
});

async function bestPrices(symbol: string) {
  const ob = await alice.get<{ asks: string[][]; bids: string[][] }>(`${V2.orderbook}?symbol=${symbol}&limit=1`);
  return { bid: ob.body.data.bids[0]![0]!, ask: ob.body.data.asks[0]![0]! };
}

async function signedHeaders(path: string): Promise<Record<string, string>> {
  const { signRequest } = await import("../../gateway/security/api-keys.ts");
  const ts = String(Date.now());
  const k = alice.key!;
  return {
    "access-key": k.apiKey,
    "access-timestamp": ts,
    "access-passphrase": k.passphrase,
    "access-sign": signRequest(k.secretKey, ts, "GET", path, ""),
  };
}

const toUnits = (s: string) => BigInt(s.replace(".", ""));

async function usdt(c: Client): Promise<Asset> {
  const a = await c.get<Asset[]>(`${V2.assets}?coin=USDT`);
  return a.body.data[0]!;
}

describe("exchange authentication", () => {
  it("rejects missing, wrongly signed, expired and wrong-passphrase requests", async () => {
    const anon = new Client(gw.base);
    const r1 = await anon.get(V2.assets);
    expect([r1.status, r1.body.code]).toEqual([401, "40001"]);
    const r2 = await alice.call("GET", V2.assets, undefined, (h) => (h["access-sign"] = "AAAA" + h["access-sign"]!.slice(4)));
    expect(r2.body.code).toBe("40009");
    const r3 = await alice.call("GET", V2.assets, undefined, (h) => (h["access-timestamp"] = String(Date.now() - 120_000)));
    expect(r3.body.code).toBe("40008");
    const r4 = await alice.call("GET", V2.assets, undefined, (h) => (h["access-passphrase"] = "nope"));
    expect(r4.body.code).toBe("40012");
    const r5 = await alice.call("GET", V2.assets, undefined, (h) => (h["access-key"] = "bg_unknown"));
    expect(r5.body.code).toBe("40006");
    // the signature covers the query string
    const r6 = await alice.get(`${V2.assets}?coin=USDT`);
    expect(r6.body.code).toBe("00000");
    // a signature made for another query string does not verify
    const r6b = await fetch(`${gw.base}${V2.assets}?coin=BTC`, { headers: await signedHeaders(`${V2.assets}?coin=USDT`) });
    expect(((await r6b.json()) as { code: string }).code).toBe("40009");
    // clients sign the decoded query and send it encoded (docs/decisions/308): both verify
    const encoded = `${V2.orderInfo}?clientOid=a%3Ab%2Fc%2Cd%20e`;
    const decodedSign = await fetch(`${gw.base}${encoded}`, { headers: await signedHeaders(`${V2.orderInfo}?clientOid=a:b/c,d e`) });
    expect(((await decodedSign.json()) as { code: string }).code).not.toBe("40009");
    const sentSign = await fetch(`${gw.base}${encoded}`, { headers: await signedHeaders(encoded) });
    expect(((await sentSign.json()) as { code: string }).code).not.toBe("40009");
    // …but a decoded text that would read as other parameters verifies nothing
    const smuggled = await fetch(`${gw.base}${V2.assets}?coin=USDT%26coin%3DBTC`, {
      headers: await signedHeaders(`${V2.assets}?coin=USDT&coin=BTC`),
    });
    expect(((await smuggled.json()) as { code: string }).code).toBe("40009");
    const readOnly = new Client(gw.base, makeKey(gw.dataDir, "reader", ["read"]));
    const r7 = await limitOrder(readOnly, "1000");
    expect([r7.status, r7.body.code]).toEqual([403, "40014"]);
  });
});

describe("exchange trading", () => {
  it("credits the welcome balance and rests, finds and cancels a limit order", async () => {
    expect(await usdt(alice)).toMatchObject({ available: "10000.00000000", frozen: "0.00000000" });
    const placed = await limitOrder(alice, "50000.00", { clientOid: "alice-1" });
    expect(placed.body.code).toBe("00000");
    expect(placed.body.data.clientOid).toBe("alice-1");
    expect(await usdt(alice)).toMatchObject({ available: "9500.00000000", frozen: "500.00000000" });
    const info = await alice.get<OrderInfo[]>(`${V2.orderInfo}?orderId=${placed.body.data.orderId}`);
    expect(info.body.data[0]).toMatchObject({
      symbol: "BTCUSDT",
      status: "live",
      price: "50000.00",
      size: "0.010000",
      side: "buy",
      orderType: "limit",
    });
    const open = await alice.get<OrderInfo[]>(`${V2.unfilled}?symbol=BTCUSDT`);
    expect(open.body.data.map((o) => o.orderId)).toContain(placed.body.data.orderId);
    const dup = await limitOrder(alice, "50000.00", { clientOid: "alice-1" });
    expect(dup.body.code).toBe("43118");
    const cancel = await alice.post<{ orderId: string }>(V2.cancelOrder, { symbol: "BTCUSDT", clientOid: "alice-1" });
    expect(cancel.body.data.orderId).toBe(placed.body.data.orderId);
    expect(await usdt(alice)).toMatchObject({ available: "10000.00000000", frozen: "0.00000000" });
    const again = await alice.post(V2.cancelOrder, { symbol: "BTCUSDT", orderId: placed.body.data.orderId });
    expect(again.body.code).toBe("43004");
    const hist = await alice.get<OrderInfo[]>(`${V2.historyOrders}?symbol=BTCUSDT`);
    expect(hist.body.data.find((o) => o.orderId === placed.body.data.orderId)?.status).toBe("cancelled");
    // a clientOid stays taken after the order closed
    const dup2 = await limitOrder(alice, "50000.00", { clientOid: "alice-1" });
    expect(dup2.body.code).toBe("43118");
  });

  it("fills a market buy sized in quote against the book, with fills, fees and bills", async () => {
    const m = await alice.post<{ orderId: string }>(V2.placeOrder, { symbol: "ETHUSDT", side: "buy", orderType: "market", size: "100" });
    expect(m.body.code).toBe("00000");
    const info = await alice.get<OrderInfo[]>(`${V2.orderInfo}?orderId=${m.body.data.orderId}`);
    const o = info.body.data[0]!;
    expect(o.status).toBe("filled");
    expect(Number(o.quoteVolume)).toBeGreaterThan(99);
    expect(Number(o.quoteVolume)).toBeLessThanOrEqual(100);
    const fills = await alice.get<Array<Record<string, unknown>>>(`${V2.tradeFills}?symbol=ETHUSDT&orderId=${m.body.data.orderId}`);
    expect(fills.body.data.length).toBeGreaterThan(0);
    expect(fills.body.data[0]).toMatchObject({ side: "buy", tradeScope: "taker", orderType: "market" });
    const eth = await alice.get<Asset[]>(`${V2.assets}?coin=ETH`);
    // received base = filled - 0.1% taker fee
    const got = Number(eth.body.data[0]!.available);
    expect(got).toBeCloseTo(Number(o.baseVolume) * 0.999, 6);
    const bills = await alice.get<Array<Record<string, string>>>(`${V2.bills}?coin=ETH&businessType=BUY`);
    expect(bills.body.data.length).toBe(fills.body.data.length);
    expect(bills.body.data[0]!.groupType).toBe("transaction");
    // every balance is the sum of its bills
    const all = await alice.get<Array<{ size: string }>>(`${V2.bills}?coin=USDT&limit=500`);
    const sum = all.body.data.reduce((s, b) => s + BigInt(b.size.replace(".", "")), 0n);
    const u = await usdt(alice);
    expect(sum).toBe(BigInt(u.available.replace(".", "")) + BigInt(u.frozen.replace(".", "")));
  });

  it("sells into the bid with ioc and rejects post_only that would take", async () => {
    const { bid } = await bestPrices("ETHUSDT");
    const { ask } = await bestPrices("BTCUSDT");
    const s = await alice.post<{ orderId: string }>(V2.placeOrder, {
      symbol: "ETHUSDT",
      side: "sell",
      orderType: "limit",
      force: "ioc",
      price: bid,
      size: "0.001",
    });
    const si = await alice.get<OrderInfo[]>(`${V2.orderInfo}?orderId=${s.body.data.orderId}`);
    expect(["filled", "cancelled"]).toContain(si.body.data[0]!.status);
    const p = await alice.post<{ orderId: string }>(V2.placeOrder, {
      symbol: "BTCUSDT",
      side: "buy",
      orderType: "limit",
      force: "post_only",
      price: (Number(ask) + 1000).toFixed(2),
      size: "0.0001",
    });
    expect(p.body.msg).toBe("success");
    const pi = await alice.get<OrderInfo[]>(`${V2.orderInfo}?orderId=${p.body.data.orderId}`);
    expect(pi.body.data[0]).toMatchObject({ status: "cancelled", baseVolume: "0.000000" });
  });

  it("rejects bad orders with Bitget codes", async () => {
    const base = { symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", price: "50000.00", size: "0.01" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, symbol: "FOOUSDT" }, "40034"],
      [{ ...base, price: "50000.001" }, "40808"],
      [{ ...base, size: "0.0000001" }, "40808"],
      [{ ...base, size: "0.000001", price: "100.00" }, "45110"],
      [{ ...base, size: "10" }, "43012"],
      [{ ...base, side: "hold" }, "40017"],
      [{ ...base, force: "day" }, "40017"],
      [{ ...base, price: undefined }, "40019"],
      [{ ...base, price: "-5" }, "40808"],
      [{ ...base, size: "1e3" }, "40808"],
      [{ ...base, clientOid: "bad oid!" }, "40017"],
      [{ ...base, orderType: "market", side: "buy", size: "0.5" }, "45110"],
      [{ ...base, requestTime: String(Date.now() - 10_000), receiveWindow: "1000" }, "40008"],
      [{ ...base, receiveWindow: "soon" }, "40017"],
    ];
    for (const [body, code] of cases) {
      const r = await alice.post(V2.placeOrder, body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([400, code]);
      expect(r.body.msg.length).toBeGreaterThan(0);
    }
    const notJson = await fetch(gw.base + V2.placeOrder, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    const unknown = await alice.post(V2.cancelOrder, { symbol: "BTCUSDT", orderId: "123" });
    expect(unknown.body.code).toBe("43001");
    const none = await alice.get(`${V2.orderInfo}?orderId=999`);
    expect(none.body.code).toBe("43001");
  });

  it("cancels a filled order with a clear error", async () => {
    const m = await alice.post<{ orderId: string }>(V2.placeOrder, { symbol: "XRPUSDT", side: "buy", orderType: "market", size: "20" });
    const r = await alice.post(V2.cancelOrder, { symbol: "XRPUSDT", orderId: m.body.data.orderId });
    expect(r.body.code).toBe("43004");
  });

  it("places and cancels in batches and by symbol", async () => {
    const b = await alice.post<{ successList: Array<{ orderId: string }>; failureList: Array<{ errorCode: string; clientOid: string }> }>(
      V2.batchOrders,
      {
        symbol: "SOLUSDT",
        orderList: [
          { side: "buy", orderType: "limit", force: "gtc", price: "50.00", size: "0.1", clientOid: "b1" },
          { side: "buy", orderType: "limit", force: "gtc", price: "51.00", size: "0.1", clientOid: "b2" },
          { side: "buy", orderType: "limit", force: "gtc", price: "51.001", size: "0.1", clientOid: "b3" },
        ],
      },
    );
    expect(b.body.data.successList).toHaveLength(2);
    expect(b.body.data.failureList).toEqual([expect.objectContaining({ clientOid: "b3", errorCode: "40808" })]);
    const bc = await alice.post<{ successList: unknown[]; failureList: unknown[] }>(V2.batchCancel, {
      symbol: "SOLUSDT",
      orderList: [{ clientOid: "b1" }, { orderId: "42" }],
    });
    expect(bc.body.data.successList).toHaveLength(1);
    expect(bc.body.data.failureList).toHaveLength(1);
    const cs = await alice.post(V2.cancelSymbol, { symbol: "SOLUSDT" });
    expect(cs.body.code).toBe("00000");
    const open = await alice.get<unknown[]>(`${V2.unfilled}?symbol=SOLUSDT`);
    expect(open.body.data).toHaveLength(0);
    const tooMany = await alice.post(V2.batchOrders, { symbol: "SOLUSDT", orderList: Array.from({ length: 51 }, () => ({})) });
    expect(tooMany.body.code).toBe("40017");
  });

  it("keeps the simulation account separate, funded with demo coins, and resettable", async () => {
    const a = await paper.get<Asset[]>(V2.assets);
    const coins = Object.fromEntries(a.body.data.map((x) => [x.coin, x.available]));
    expect(coins).toMatchObject({ USDT: "50000.00000000", BTC: "1.00000000", ETH: "10.00000000" });
    const o = await paper.post<{ orderId: string }>(V2.placeOrder, { symbol: "BTCUSDT", side: "sell", orderType: "market", size: "0.5" });
    expect(o.body.code).toBe("00000");
    const live = await alice.get<OrderInfo[]>(`${V2.orderInfo}?orderId=${o.body.data.orderId}`);
    expect(live.body.code).toBe("43001");
    const btc = await paper.get<Asset[]>(`${V2.assets}?coin=BTC`);
    expect(btc.body.data[0]!.available).toBe("0.50000000");
    const liveReset = await alice.post(V2.paperReset, {});
    expect(liveReset.body.code).toBe("40017");
    const reset = await paper.post(V2.paperReset, {});
    expect(reset.body.code).toBe("00000");
    const after = await paper.get<Asset[]>(`${V2.assets}?coin=BTC`);
    expect(after.body.data[0]!.available).toBe("1.00000000");
  });

  it("credits an operator deposit through the command line while running", async () => {
    const before = await usdt(alice);
    const run = promisify(execFile);
    const out = await run(
      process.execPath,
      ["--import", "tsx", "gateway/exchange/cli/credit.ts", "--user", "alice", "--coin", "USDT", "--amount", "250.5"],
      {
        env: { ...process.env, DATA_DIR: gw.dataDir },
      },
    );
    expect(JSON.parse(out.stdout)).toMatchObject({ user: "alice", coin: "USDT" });
    let after = before;
    for (let i = 0; i < 50 && after.available === before.available; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await usdt(alice);
    }
    expect(toUnits(after.available) - toUnits(before.available)).toBe(25_050_000_000n);
    const bills = await alice.get<Array<{ businessType: string; size: string; groupType: string }>>(
      `${V2.bills}?coin=USDT&groupType=deposit&limit=1`,
    );
    expect(bills.body.data[0]).toMatchObject({ businessType: "DEPOSIT", size: "250.50000000", groupType: "deposit" });
    await expect(
      run(process.execPath, ["--import", "tsx", "gateway/exchange/cli/credit.ts", "--user", "alice", "--coin", "NOPE", "--amount", "1"], {
        env: { ...process.env, DATA_DIR: gw.dataDir },
      }),
    ).rejects.toThrow(/unknown coin/);
  });

  it("limits requests per user with 429", async () => {
    const limited = await startGateway(tempDataDir());
    try {
      const c = new Client(limited.base, makeKey(limited.dataDir, "bob"));
      const other = new Client(limited.base, makeKey(limited.dataDir, "carol"));
      const first = await c.get(V2.accountInfo);
      expect(first.body.code).toBe("00000");
      const second = await c.get(V2.accountInfo);
      expect([second.status, second.body.code]).toEqual([429, "429"]);
      // per user: another user is not affected
      expect((await other.get(V2.accountInfo)).body.code).toBe("00000");
      // place-order: 10 a second. The budget refills while the burst is served (slower on a busy
      // machine), so at most 10 plus what refilled in the time it took may pass, and the rest are refused.
      const started = Date.now();
      const burst = await Promise.all(Array.from({ length: 40 }, () => limitOrder(c, "1000.00")));
      const refilled = Math.ceil(((Date.now() - started) * 10) / 1000);
      const codes = burst.map((r) => r.body.code);
      expect(codes.filter((x) => x === "00000").length).toBeLessThanOrEqual(10 + refilled);
      expect(codes).toContain("429");
    } finally {
      await stopGateway(limited);
    }
  });
});
