/**
 * Convert (docs/decisions/334) on the real spot engine and store, in the money-safety suite's world
 * (an honest market maker quoting around R on BTCUSDT, every simulated market off): the promise
 * of a quote holds or nothing moves, a quote is used once, by its owner, before it expires, and
 * colluding accounts with resting orders at odd prices end no richer than honest fills explain.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EX_CODES } from "../../protocol/bitget.ts";
import { CONVERT_QUOTE_TTL_MS } from "../../protocol/convert.ts";
import { migrate } from "../db/database.ts";
import { parseScaled } from "../exchange/decimal.ts";
import { queueDeposit } from "../exchange/deposits.ts";
import { EngineError, FEE_ACCOUNT, type Env } from "../exchange/engine/types.ts";
import { ENV, INST, MoneyWorld, R0, SYMBOL } from "../money-safety/world.ts";
import { ConvertService, type QuoteView } from "./service.ts";
import { CONVERT_MIGRATIONS, ConvertStore } from "./store.ts";

const U = 10n ** 8n;
const units = (s: string) => parseScaled(s, 8) as bigint;

let w: MoneyWorld;
let cv: ConvertService;
let clock = Date.now();

beforeAll(async () => {
  w = await MoneyWorld.open();
  migrate(w.db, CONVERT_MIGRATIONS);
  cv = new ConvertService(w.ex.svc, new ConvertStore(w.db), () => clock);
});
afterAll(() => {
  w.close();
  MoneyWorld.removeDirs();
});

let users = 0;
/** A fresh user with `usdt` and `btc` deposited (counted deposits of the world's books when a colluder). */
async function user(usdt = 100_000n, btc = 1n, name = `cv${++users}`): Promise<string> {
  if (usdt > 0n) queueDeposit(w.db, { env: ENV, userId: name, coin: "USDT", amount: usdt * U });
  if (btc > 0n) queueDeposit(w.db, { env: ENV, userId: name, coin: "BTC", amount: btc * U });
  await w.ex.svc.applyDeposits();
  return name;
}

const bal = (u: string, coin: string, env: Env = ENV) => {
  const b = w.ex.svc.engine.balance(env, u, coin);
  return b.available + b.frozen;
};
const snapshot = (u: string) => ({ usdt: bal(u, "USDT"), btc: bal(u, "BTC"), btcFees: bal(FEE_ACCOUNT, "BTC") });

function tradeOf(q: QuoteView) {
  return {
    traceId: q.traceId,
    fromCoin: q.fromCoin,
    toCoin: q.toCoin,
    fromCoinSize: q.fromCoinSize,
    toCoinSize: q.toCoinSize,
    cnvtPrice: q.cnvtPrice,
  };
}

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (err) {
    if (err instanceof EngineError) return err.code;
    throw err;
  }
  return "accepted";
}

describe("a conversion keeps its quote's promise and conserves every coin", () => {
  it("USDT to BTC by the amount spent: pays at most the quote, gets at least the quote, both sides in the ledger", async () => {
    const u = await user();
    const before = snapshot(u);
    const q = await cv.quote(ENV, u, { fromCoin: "usdt", toCoin: "BTC", fromCoinSize: "1000" });
    expect(q).toMatchObject({ fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "1000" });
    const { record } = await cv.trade(ENV, u, tradeOf(q), "API");
    const after = snapshot(u);
    expect(before.usdt - after.usdt).toBe(record.fromSize);
    expect(after.btc - before.btc).toBe(record.toSize);
    expect(record.fromSize).toBeLessThanOrEqual(units(q.fromCoinSize));
    expect(record.toSize).toBeGreaterThanOrEqual(units(q.toCoinSize));
    // the taker fee went to the fee account, in the coin received (the honest maker's fee is in USDT)
    expect(after.btcFees - before.btcFees).toBe(record.fee);
    expect(record.fee).toBeGreaterThan(0n);
    expect(w.conservation()).toEqual([]);
    const order = w.ex.svc.findOrder(ENV, u, { orderId: record.orderId });
    expect(order).toMatchObject({ force: "fok", type: "limit", side: "buy", status: "filled" });
    expect(order?.clientOid).toMatch(/^cnvt-\d+$/);
  });

  it("BTC to USDT by the amount received: gives what the quote says, gets at least what it says", async () => {
    const u = await user();
    const before = snapshot(u);
    const q = await cv.quote(ENV, u, { fromCoin: "BTC", toCoin: "USDT", toCoinSize: "500" });
    expect(units(q.toCoinSize)).toBeGreaterThanOrEqual(500n * U);
    const { record } = await cv.trade(ENV, u, tradeOf(q), "API");
    const after = snapshot(u);
    expect(before.btc - after.btc).toBe(units(q.fromCoinSize));
    expect(record.fromSize).toBe(units(q.fromCoinSize));
    expect(after.usdt - before.usdt).toBe(record.toSize);
    expect(record.toSize).toBeGreaterThanOrEqual(units(q.toCoinSize));
    expect(w.conservation()).toEqual([]);
  });

  it("a conversion that walks several levels is priced at the last level it reaches, and the better fills are the user's", async () => {
    const u = await user();
    // 0.35 BTC walks four of the honest maker's 0.1 BTC asks (R + 0.1 % … R + 0.4 %)
    const q = await cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", toCoinSize: "0.35" });
    const cell = BigInt(Math.round(R0 * 1.004)) * INST.quoteUnitsPerTickLot;
    expect(units(q.fromCoinSize) % cell).toBe(0n);
    // the fewest lots that bring 0.35 BTC after the 0.1 % taker fee
    const lots = units(q.fromCoinSize) / cell;
    const netOf = (n: bigint) => n * INST.baseUnitsPerLot - (n * INST.baseUnitsPerLot * 1000n) / 1_000_000n;
    expect(netOf(lots)).toBeGreaterThanOrEqual(units("0.35"));
    expect(netOf(lots - 1n)).toBeLessThan(units("0.35"));
    expect(units(q.toCoinSize)).toBe(netOf(lots));
    const before = snapshot(u);
    const { record } = await cv.trade(ENV, u, tradeOf(q), "API");
    // paid the levels' own prices: less than the quote's bound
    expect(record.fromSize).toBeLessThan(units(q.fromCoinSize));
    expect(before.usdt - snapshot(u).usdt).toBe(record.fromSize);
    expect(record.toSize).toBeGreaterThanOrEqual(units(q.toCoinSize));
    await w.honestMove(R0);
  });

  it("refuses, moving nothing, when the book no longer fills the quote at its price (43010)", async () => {
    const u = await user();
    const q = await cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "5000" });
    // another trader takes most of the best ask the quote was priced on (0.1 BTC; the quote needs about 0.053)
    expect(units(q.toCoinSize)).toBeGreaterThan(units("0.05"));
    const taker = await user(1_000_000n, 0n);
    const best = ((R0 + R0 / 1000) / 100).toFixed(2);
    await w.ex.svc.placeOrder(ENV, taker, { symbol: SYMBOL, side: "buy", orderType: "limit", force: "ioc", price: best, size: "0.08" });
    const before = snapshot(u);
    const openBefore = w.ex.svc.openOrders(ENV, u).length;
    expect(await refusal(cv.trade(ENV, u, tradeOf(q), "API"))).toBe(EX_CODES.fokNotFilled);
    expect(snapshot(u)).toEqual(before);
    expect(w.ex.svc.openOrders(ENV, u).length).toBe(openBefore);
    expect(w.ex.svc.engine.balance(ENV, u, "USDT").frozen).toBe(0n);
    expect(cv.records({ env: ENV, userId: u, start: 0, end: Number.MAX_SAFE_INTEGER, before: Number.MAX_SAFE_INTEGER, limit: 10 })).toEqual(
      [],
    );
    expect(w.conservation()).toEqual([]);
    await w.honestMove(R0);
  });
});

describe("a conversion never trades with its owner", () => {
  it("refuses when the owner's own order rests within the conversion's price, at the quote and at the trade, moving nothing", async () => {
    const u = await user();
    const ask = ((R0 + R0 / 2000) / 100).toFixed(2); // inside the honest spread
    const mine = await w.ex.svc.placeOrder(ENV, u, {
      symbol: SYMBOL,
      side: "sell",
      orderType: "limit",
      force: "gtc",
      price: ask,
      size: "0.01",
    });
    expect(await refusal(() => cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "100" }))).toBe(EX_CODES.paramInvalid);
    await w.ex.svc.cancelOrder(ENV, u, SYMBOL, { orderId: mine.id });
    const q = await cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "100" });
    await w.ex.svc.placeOrder(ENV, u, { symbol: SYMBOL, side: "sell", orderType: "limit", force: "gtc", price: ask, size: "0.01" });
    const before = snapshot(u);
    expect(await refusal(cv.trade(ENV, u, tradeOf(q), "API"))).toBe(EX_CODES.paramInvalid);
    expect(snapshot(u)).toEqual(before);
    expect(w.ex.svc.openOrders(ENV, u)).toHaveLength(1);
    await w.ex.svc.cancelSymbol(ENV, u, SYMBOL);
  });
});

describe("the house never honours a stale price", () => {
  it("a quote taken before an honest move up cannot buy at the old price: refused, and the colluders gain nothing", async () => {
    const x = "t0x";
    await w.newRun([x]);
    await user(60_000n, 0n, x);
    const q = await cv.quote(ENV, x, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "5000" });
    await w.honestMove(Math.round(R0 * 1.03));
    expect(await refusal(cv.trade(ENV, x, tradeOf(q), "API"))).toBe(EX_CODES.fokNotFilled);
    const { held, explained } = w.bound();
    expect(held <= explained).toBe(true);
    expect(w.conservation()).toEqual([]);
    await w.honestMove(R0);
  });
});

describe("a quote is used once, by its owner, before it expires", () => {
  it("refuses a replay of the traceId", async () => {
    const u = await user();
    const q = await cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "100" });
    await cv.trade(ENV, u, tradeOf(q), "API");
    const before = snapshot(u);
    expect(await refusal(cv.trade(ENV, u, tradeOf(q), "API"))).toBe(EX_CODES.paramInvalid);
    expect(snapshot(u)).toEqual(before);
  });

  it("refuses another user's traceId, and leaves it to its owner", async () => {
    const owner = await user();
    const thief = await user();
    const q = await cv.quote(ENV, owner, { fromCoin: "BTC", toCoin: "USDT", fromCoinSize: "0.01" });
    const before = snapshot(thief);
    expect(await refusal(cv.trade(ENV, thief, tradeOf(q), "API"))).toBe(EX_CODES.paramInvalid);
    expect(snapshot(thief)).toEqual(before);
    await expect(cv.trade(ENV, owner, tradeOf(q), "API")).resolves.toBeDefined();
  });

  it("refuses a quote of the other environment", async () => {
    const u = await user();
    const q = await cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "100" });
    expect(await refusal(cv.trade("paper", u, tradeOf(q), "API"))).toBe(EX_CODES.paramInvalid);
  });

  it("refuses an expired quote and moves nothing", async () => {
    const u = await user();
    const q = await cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "100" });
    const before = snapshot(u);
    clock += CONVERT_QUOTE_TTL_MS + 1;
    try {
      expect(await refusal(cv.trade(ENV, u, tradeOf(q), "API"))).toBe(EX_CODES.paramInvalid);
    } finally {
      clock -= CONVERT_QUOTE_TTL_MS + 1;
    }
    expect(snapshot(u)).toEqual(before);
  });

  it("refuses a trade whose sizes or price differ from the quote (the client cannot alter it)", async () => {
    const u = await user();
    for (const change of [{ toCoinSize: "1" }, { fromCoinSize: "99" }, { cnvtPrice: "1" }, { toCoin: "ETH" }]) {
      const q = await cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "100" });
      const before = snapshot(u);
      expect(await refusal(cv.trade(ENV, u, { ...tradeOf(q), ...change }, "API"))).toBe(EX_CODES.paramInvalid);
      expect(snapshot(u)).toEqual(before);
    }
  });

  it("forgets expired quotes", async () => {
    const u = await user();
    await cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "100" });
    clock += CONVERT_QUOTE_TTL_MS + 1;
    await cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "100" });
    expect(cv.liveQuotes).toBe(1);
  });
});

describe("bad input gets Bitget's codes", () => {
  const cases: Array<[string, Record<string, string | undefined>, string]> = [
    ["an unknown coin", { fromCoin: "NOPE", toCoin: "BTC", fromCoinSize: "10" }, EX_CODES.paramNotExist],
    ["the same coin twice", { fromCoin: "BTC", toCoin: "btc", fromCoinSize: "10" }, EX_CODES.paramInvalid],
    ["a pair without USDT", { fromCoin: "BTC", toCoin: "ETH", fromCoinSize: "0.01" }, EX_CODES.paramInvalid],
    ["both sizes", { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "10", toCoinSize: "0.001" }, EX_CODES.paramEmpty],
    ["neither size", { fromCoin: "USDT", toCoin: "BTC" }, EX_CODES.paramEmpty],
    ["a size off the lot grid", { fromCoin: "BTC", toCoin: "USDT", fromCoinSize: "0.0000001" }, EX_CODES.paramCheck],
    ["a negative size", { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "-5" }, EX_CODES.paramCheck],
    ["zero", { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "0" }, EX_CODES.paramInvalid],
    ["under the minimum", { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "1.5" }, EX_CODES.minNotional],
    ["over the maximum", { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "2000000" }, EX_CODES.paramInvalid],
    ["more than the book holds within the band", { fromCoin: "USDT", toCoin: "BTC", toCoinSize: "5" }, EX_CODES.fokNotFilled],
    [
      "more than the book holds within the band (by the amount spent)",
      { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "90000" },
      EX_CODES.fokNotFilled,
    ],
    ["more than the balance", { fromCoin: "BTC", toCoin: "USDT", fromCoinSize: "0.4" }, EX_CODES.insufficientBalance],
  ];
  for (const [name, input, code] of cases)
    it(`refuses ${name} with ${code}`, async () => {
      const u = await user(50_000n, 0n);
      expect(await refusal(() => cv.quote(ENV, u, input as never))).toBe(code);
    });
});

describe("records", () => {
  it("lists the user's conversions newest first, in pages", async () => {
    const u = await user();
    for (let i = 0; i < 3; i++)
      await cv.trade(ENV, u, tradeOf(await cv.quote(ENV, u, { fromCoin: "USDT", toCoin: "BTC", fromCoinSize: "100" })), "API");
    const all = { env: ENV, userId: u, start: 0, end: Number.MAX_SAFE_INTEGER, before: Number.MAX_SAFE_INTEGER, limit: 2 };
    const page1 = cv.records(all);
    expect(page1).toHaveLength(2);
    const page2 = cv.records({ ...all, before: page1[1]!.id });
    expect(page2).toHaveLength(1);
    expect(page1[0]!.id).toBeGreaterThan(page1[1]!.id);
    expect(page1[1]!.id).toBeGreaterThan(page2[0]!.id);
    expect(page2[0]).toMatchObject({ fromCoin: "USDT", toCoin: "BTC", userId: u });
    expect(cv.records({ ...all, userId: "someone-else" })).toEqual([]);
  });
});

/** Prices of colluders' resting orders, as factors of R: inside the band, at its edges, and odd. */
const FACTORS = [0.2, 0.9, 0.95, 0.951, 0.99, 0.999, 0.9995, 1, 1.0005, 1.001, 1.01, 1.049, 1.05, 1.1, 5];

type Op =
  | { k: "rest"; u: number; side: "buy" | "sell"; f: number; lots: number }
  | { k: "quote"; u: number; buy: boolean; byFrom: boolean; size: number }
  | { k: "trade"; own: boolean; i: number }
  | { k: "cancel"; u: number }
  | { k: "move"; f: number }
  | { k: "time" };

/** Sizes of a quote: USDT amounts (× 1) and BTC amounts (÷ 10,000), a few of them under the minimum or over the book. */
const SIZES = [1, 5, 50, 700, 3_000, 20_000, 90_000];

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant("rest" as const),
      u: fc.nat(1),
      side: fc.constantFrom("buy" as const, "sell" as const),
      f: fc.constantFrom(...FACTORS),
      lots: fc.constantFrom(1, 37, 10_000, 150_000),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant("quote" as const),
      u: fc.nat(1),
      buy: fc.boolean(),
      byFrom: fc.boolean(),
      size: fc.constantFrom(...SIZES),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant("trade" as const),
      own: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      i: fc.nat(2),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("cancel" as const), u: fc.nat(1) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("move" as const), f: fc.constantFrom(0.97, 0.995, 1.005, 1.03) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("time" as const) }) },
);

describe("colluding accounts (fast-check)", () => {
  it("end with no more than they put in plus what honest moves explain, and every coin is conserved", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30, size: "max" }), async (ops) => {
        const ids = [`t${++run}x`, `t${run}y`];
        await w.newRun(ids);
        for (const id of ids) await user(60_000n, 1n, id);
        const quotes: Array<{ owner: string; q: QuoteView }> = [];
        let done = 0;
        for (const o of ops) {
          let me = "u" in o ? ids[o.u]! : "";
          try {
            if (o.k === "rest") {
              const price = ((w.R * o.f) / 100).toFixed(2);
              await w.ex.svc.placeOrder(ENV, me, {
                symbol: SYMBOL,
                side: o.side,
                orderType: "limit",
                force: "gtc",
                price,
                size: (o.lots / 1e6).toFixed(6),
              });
            } else if (o.k === "quote") {
              const coinSize = o.buy === o.byFrom ? String(o.size) : (o.size / 10_000).toFixed(6);
              const input = o.buy ? { fromCoin: "USDT", toCoin: "BTC" } : { fromCoin: "BTC", toCoin: "USDT" };
              quotes.push({ owner: me, q: await cv.quote(ENV, me, { ...input, [o.byFrom ? "fromCoinSize" : "toCoinSize"]: coinSize }) });
            } else if (o.k === "trade") {
              // one of the latest quotes, of either colluder
              const entry = quotes[quotes.length - 1 - (o.i % Math.max(1, quotes.length))];
              if (entry) {
                // the owner, or the other colluder trying the owner's traceId
                me = o.own ? entry.owner : ids.find((id) => id !== entry.owner)!;
                const before = { usdt: bal(me, "USDT"), btc: bal(me, "BTC") };
                const { record } = await cv.trade(ENV, me, tradeOf(entry.q), "API");
                // only the owner's quote is ever used, and it keeps its promise
                expect(me).toBe(entry.owner);
                expect(record.fromSize).toBeLessThanOrEqual(units(entry.q.fromCoinSize));
                expect(record.toSize).toBeGreaterThanOrEqual(units(entry.q.toCoinSize));
                const buy = entry.q.fromCoin === "USDT";
                expect(buy ? before.usdt - bal(me, "USDT") : before.btc - bal(me, "BTC")).toBe(record.fromSize);
                expect(buy ? bal(me, "BTC") - before.btc : bal(me, "USDT") - before.usdt).toBe(record.toSize);
                done++;
              }
            } else if (o.k === "cancel") {
              await w.ex.svc.cancelSymbol(ENV, me, SYMBOL);
            } else if (o.k === "move") {
              await w.honestMove(w.R * o.f);
            } else clock += 3_000;
          } catch (err) {
            if (!(err instanceof EngineError)) throw err;
          }
          await w.settle();
          expect(w.errors).toEqual([]);
          expect(w.conservation()).toEqual([]);
          const { held, explained } = w.bound();
          expect(held <= explained, `the colluders hold ${held - explained} more than explained`).toBe(true);
        }
        if (process.env.CONVERT_VERBOSE) console.info("ops", ops.map((o) => o.k).join(","), "trades", done);
      }),
      { numRuns: Number(process.env.CONVERT_THIEF_RUNS ?? 40), seed: 334 },
    );
  }, 600_000);
});
