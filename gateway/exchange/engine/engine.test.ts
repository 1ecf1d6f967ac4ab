import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { FORCES, STP_MODES, type Side } from "../../../protocol/bitget.ts";
import { instrument } from "../instruments.ts";
import { Engine } from "./engine.ts";
import { IdGen, newOrder, type OrderInit } from "./order.ts";
import { EngineError, FEE_ACCOUNT, TREASURY, newChange, type Change, type Order } from "./types.ts";

const USERS = ["u1", "u2", "u3"];
const SYMBOL = "ETHUSDT";
const inst = instrument(SYMBOL)!;

function fund(e: Engine): Change {
  const ch = newChange();
  for (const u of USERS) {
    e.transfer("live", TREASURY, u, "USDT", 1_000_000n * 10n ** 8n, ["DEPOSIT", "DEPOSIT"], "deposit", ch);
    e.transfer("live", TREASURY, u, "ETH", 300n * 10n ** 8n, ["DEPOSIT", "DEPOSIT"], "deposit", ch);
  }
  return ch;
}

/** A live limit order on SYMBOL, not yet placed. */
function limit(e: Engine, userId: string, side: Side, price: number, size: number, more: Partial<OrderInit> = {}): Order {
  return newOrder(e.ids, { env: "live", userId, symbol: SYMBOL, side, type: "limit", price, size, ...more });
}

function makeEngine() {
  let t = 1_700_000_000_000;
  const e = new Engine(
    new IdGen(),
    () => ({ maker: 800, taker: 1000 }),
    () => ++t,
  );
  const ch = fund(e);
  checkInvariants(e, ch);
  return e;
}

const opArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("limit" as const),
      user: fc.constantFrom(...USERS),
      side: fc.constantFrom("buy" as const, "sell" as const),
      price: fc.integer({ min: 319_000, max: 321_000 }),
      size: fc.integer({ min: 1, max: 50_000 }),
      force: fc.constantFrom(...FORCES),
      stp: fc.constantFrom(...STP_MODES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("market" as const),
      user: fc.constantFrom(...USERS),
      side: fc.constantFrom("buy" as const, "sell" as const),
      size: fc.integer({ min: 1, max: 80_000 }),
      stp: fc.constantFrom(...STP_MODES),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }) },
);

type Op = fc.Arbitrary<typeof opArb extends fc.Arbitrary<infer T> ? T : never> extends fc.Arbitrary<infer U> ? U : never;

function apply(e: Engine, op: Op): Change {
  const ch = newChange();
  if (op.kind === "cancel") {
    const open = [...e.open.values()];
    const o = open[op.pick % Math.max(open.length, 1)];
    if (o) e.cancel(o, "user", ch);
    return ch;
  }
  const o: Order =
    op.kind === "limit"
      ? limit(e, op.user, op.side, op.price, op.size, { force: op.force, stp: op.stp })
      : newOrder(e.ids, {
          env: "live",
          userId: op.user,
          symbol: SYMBOL,
          side: op.side,
          type: "market",
          size: op.side === "sell" ? op.size : 0,
          quoteSize: op.side === "buy" ? BigInt(op.size) * 10n ** 8n : 0n,
          stp: op.stp,
        });
  try {
    e.place(o, ch);
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
  }
  return ch;
}

/** Running sum of every bill per account and coin: a balance must always equal its bills. */
const billSums = new WeakMap<Engine, Map<string, bigint>>();

function checkInvariants(e: Engine, ch: Change) {
  let sums0 = billSums.get(e);
  if (!sums0) billSums.set(e, (sums0 = new Map()));
  for (const b of ch.bills) sums0.set(`${b.userId}:${b.coin}`, (sums0.get(`${b.userId}:${b.coin}`) ?? 0n) + b.size);
  for (const b of e.balances.values()) {
    if (b.userId === TREASURY) continue;
    expect(b.available + b.frozen, `${b.userId} ${b.coin}`).toBe(sums0.get(`${b.userId}:${b.coin}`) ?? 0n);
  }
  // double entry: over all accounts, treasury included, the bills of each coin sum to zero
  const perCoin = new Map<string, bigint>();
  for (const b of ch.bills) perCoin.set(b.coin, (perCoin.get(b.coin) ?? 0n) + b.size);
  for (const v of perCoin.values()) expect(v).toBe(0n);
  // assets conserved: every coin's balances (treasury included) sum to zero; nothing negative
  const sums = new Map<string, bigint>();
  for (const b of e.balances.values()) {
    sums.set(b.coin, (sums.get(b.coin) ?? 0n) + b.available + b.frozen);
    if (b.userId !== TREASURY) {
      expect(b.available >= 0n).toBe(true);
      expect(b.frozen >= 0n).toBe(true);
    }
  }
  for (const s of sums.values()) expect(s).toBe(0n);
  // frozen equals what open orders hold
  for (const u of USERS) {
    let q = 0n;
    let b = 0n;
    for (const o of e.open.values()) {
      if (o.userId !== u) continue;
      if (o.side === "buy") q += o.frozen;
      else b += o.frozen;
    }
    expect(e.balance("live", u, "USDT").frozen).toBe(q);
    expect(e.balance("live", u, "ETH").frozen).toBe(b);
  }
  // never crossed at rest
  const book = e.book("live", SYMBOL);
  const bid = book.bids.best();
  const ask = book.asks.best();
  if (bid && ask) expect(bid.price).toBeLessThan(ask.price);
  // two ledger sides per fill, and fees in the fee account
  for (const f of ch.fills) {
    expect(ch.bills.some((x) => x.refId === f.maker.id && x.userId === f.maker.userId)).toBe(true);
    expect(ch.bills.some((x) => x.refId === f.taker.id && x.userId === f.taker.userId)).toBe(true);
    const sellerFee = f.takerSide === "sell" ? f.takerFee : f.makerFee;
    if (sellerFee > 0n) expect(ch.bills.some((x) => x.userId === FEE_ACCOUNT && x.size === sellerFee && x.coin === "USDT")).toBe(true);
  }
  // price-time priority: a taker's fills walk from the best price, and FIFO within a price
  for (let i = 1; i < ch.fills.length; i++) {
    const a = ch.fills[i - 1]!;
    const b = ch.fills[i]!;
    if (a.taker !== b.taker) continue;
    if (a.takerSide === "buy") expect(b.price).toBeGreaterThanOrEqual(a.price);
    else expect(b.price).toBeLessThanOrEqual(a.price);
    if (a.price === b.price) expect(b.maker.seq).toBeGreaterThan(a.maker.seq);
  }
  // no order older than a filled maker was skipped at its price (except the taker's own, under STP)
  for (const f of ch.fills) {
    const lvl = book.side(f.maker.side).level(f.price);
    for (let o = lvl?.head ?? null; o; o = o.next) {
      if (o === f.maker || (o.userId === f.taker.userId && f.taker.stp !== "none")) continue;
      expect(o.seq).toBeGreaterThan(f.maker.seq);
    }
  }
  // integer state only
  for (const o of e.open.values()) {
    expect(Number.isSafeInteger(o.price) && Number.isSafeInteger(o.filled)).toBe(true);
    expect(o.filled).toBeLessThan(o.size);
  }
}

describe("matching engine properties", () => {
  it("conserves assets, never rests crossed, keeps price-time priority, bills both sides (double entry)", () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 120 }), (ops) => {
        const e = makeEngine();
        for (const op of ops) checkInvariants(e, apply(e, op));
      }),
      { numRuns: 150 },
    );
  });
});

describe("matching engine cases", () => {
  it("fills at the maker's price, first in first out, and charges maker/taker fees", () => {
    const e = makeEngine();
    const ch = newChange();
    const a = limit(e, "u1", "sell", 320_000, 10_000);
    const b = limit(e, "u2", "sell", 320_000, 10_000);
    e.place(a, ch);
    e.place(b, ch);
    const t = limit(e, "u3", "buy", 321_000, 15_000);
    const c2 = newChange();
    e.place(t, c2);
    expect(c2.fills.map((f) => [f.maker.id, f.size, f.price])).toEqual([
      [a.id, 10_000, 320_000],
      [b.id, 5_000, 320_000],
    ]);
    expect(t.status).toBe("filled");
    expect(a.status).toBe("filled");
    expect(b.status).toBe("partially_filled");
    // taker bought 1.5 ETH at 3200: paid 4800 USDT, got 1.5 ETH minus 0.1% in ETH
    expect(t.filledQuote).toBe(4800n * 10n ** 8n);
    expect(t.fee).toBe(150_000n);
    // the better limit left nothing frozen once filled
    expect(e.balance("live", "u3", "USDT").frozen).toBe(0n);
    // maker fee 0.08% of 3200 USDT
    expect(a.fee).toBe((3200n * 10n ** 8n * 800n) / 1_000_000n);
    expect(inst.symbol).toBe(SYMBOL);
  });

  it("post_only that would take is cancelled; fok that cannot fill fully is cancelled untouched", () => {
    const e = makeEngine();
    const ch = newChange();
    e.place(limit(e, "u1", "sell", 320_000, 10_000), ch);
    const p = limit(e, "u2", "buy", 320_000, 1, { force: "post_only" });
    e.place(p, ch);
    expect(p.status).toBe("cancelled");
    const f = limit(e, "u2", "buy", 320_000, 10_001, { force: "fok" });
    e.place(f, ch);
    expect(f.status).toBe("cancelled");
    expect(f.filled).toBe(0);
    expect(e.balance("live", "u2", "USDT").frozen).toBe(0n);
  });

  it("a market buy spends its quote budget across levels", () => {
    const e = makeEngine();
    const ch = newChange();
    e.place(limit(e, "u1", "sell", 300_000, 10_000), ch);
    e.place(limit(e, "u1", "sell", 400_000, 10_000), ch);
    const m = newOrder(e.ids, { env: "live", userId: "u2", symbol: SYMBOL, side: "buy", type: "market", quoteSize: 5000n * 10n ** 8n });
    e.place(m, ch);
    // 1 ETH at 3000 then 0.5 ETH at 4000 = 5000 USDT
    expect(m.filled).toBe(15_000);
    expect(m.filledQuote).toBe(5000n * 10n ** 8n);
    expect(m.status).toBe("filled");
  });

  it("self-trade prevention modes", () => {
    const e = makeEngine();
    const ch = newChange();
    const rest = limit(e, "u1", "sell", 320_000, 10_000);
    e.place(rest, ch);
    const t1 = limit(e, "u1", "buy", 320_000, 10_000, { stp: "cancel_taker" });
    e.place(t1, ch);
    expect([t1.status, rest.status]).toEqual(["cancelled", "live"]);
    const t2 = limit(e, "u1", "buy", 320_000, 10_000, { stp: "cancel_maker" });
    e.place(t2, ch);
    expect([t2.status, rest.status]).toEqual(["live", "cancelled"]);
  });

  it("rejects an order the balance cannot cover and a cancel of a filled order", () => {
    const e = makeEngine();
    const ch = newChange();
    const big = limit(e, "u1", "sell", 320_000, 3_000_001);
    expect(() => e.place(big, ch)).toThrow(EngineError);
    const s = limit(e, "u1", "sell", 320_000, 1);
    e.place(s, ch);
    e.place(limit(e, "u2", "buy", 320_000, 1), ch);
    expect(s.status).toBe("filled");
    expect(() => e.cancel(s, "user", ch)).toThrow(/already/);
  });
});
