/**
 * Fees paid in the platform coin (docs/decisions/353), in the engine: charged at the discount and
 * the conversion price, rounded against the payer, from the owner's spot balance when it covers the
 * fee (else in the usual coin), credited to the fee account in the same change; and, over random
 * trading with the switch and balances changing, every coin conserved and nothing negative.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PLATFORM_COIN, platformCoinFee } from "../../../protocol/fee-deduction.ts";
import { Engine } from "./engine.ts";
import { IdGen, newOrder } from "./order.ts";
import { FEE_ACCOUNT, TREASURY, newChange, type Change, type Order } from "./types.ts";

const SYMBOL = "ETHUSDT";
const E8 = 10n ** 8n;
/** 4.5 USDT per platform coin, in USDT ledger units. */
const PRICE = 45n * 10n ** 7n;

function engine(deducting: Set<string>, price = PRICE) {
  let t = 1_700_000_000_000;
  const e = new Engine(
    new IdGen(),
    () => ({ maker: 800, taker: 1000 }),
    () => ++t,
    null,
  );
  e.deducts = (u) => deducting.has(u);
  e.deductPrice = () => price;
  return e;
}

function fund(e: Engine, user: string, coin: string, amount: bigint, ch = newChange()): Change {
  e.transfer("live", TREASURY, user, coin, amount, ["DEPOSIT", "DEPOSIT"], "deposit", ch);
  return ch;
}

const order = (e: Engine, userId: string, side: "buy" | "sell", price: number, size: number): Order =>
  newOrder(e.ids, { env: "live", userId, symbol: SYMBOL, side, type: "limit", price, size });

/** A maker sell of 1 ETH at 3000 by `maker`, taken by a buy of `taker`: the taker's fill. */
function trade(e: Engine, maker: string, taker: string, size = 10_000): { ch: Change; buy: Order; sell: Order } {
  const ch = newChange();
  const sell = order(e, maker, "sell", 300_000, size);
  e.place(sell, ch);
  const buy = order(e, taker, "buy", 300_000, size);
  e.place(buy, ch);
  return { ch, buy, sell };
}

describe("platformCoinFee", () => {
  it("is the fee's USDT value less 20 %, in coins at the price, rounded up", () => {
    // 3000 USDT at 0.1 % = 3 USDT; 80 % = 2.4 USDT; at 4.5 USDT a coin = 0.5333... coins, up
    expect(platformCoinFee(3000n * E8, 1000n, PRICE)).toBe(53_333_334n);
    // exact: no rounding
    expect(platformCoinFee(4500n * E8, 1000n, PRICE)).toBe(80_000_000n);
    // the smallest fee is still one unit, never zero
    expect(platformCoinFee(1n, 1n, PRICE)).toBe(1n);
    expect(platformCoinFee(0n, 1000n, PRICE)).toBe(0n);
    expect(platformCoinFee(100n, 0n, PRICE)).toBe(0n);
    expect(platformCoinFee(100n, 1000n, 0n)).toBe(0n);
  });
});

describe("fees in the platform coin", () => {
  it("charges both sides in the platform coin when switched on and covered: full proceeds, coins to the fee account", () => {
    const e = engine(new Set(["buyer", "seller"]));
    fund(e, "seller", "ETH", E8);
    fund(e, "buyer", "USDT", 3000n * E8);
    fund(e, "buyer", PLATFORM_COIN, 10n * E8);
    fund(e, "seller", PLATFORM_COIN, 10n * E8);
    const { ch, buy, sell } = trade(e, "seller", "buyer");
    const takerFee = platformCoinFee(3000n * E8, 1000n, PRICE);
    const makerFee = platformCoinFee(3000n * E8, 800n, PRICE);
    // the buyer gets its whole ETH, the seller its whole USDT
    expect(e.balance("live", "buyer", "ETH").available).toBe(E8);
    expect(e.balance("live", "seller", "USDT").available).toBe(3000n * E8);
    expect(e.balance("live", "buyer", PLATFORM_COIN).available).toBe(10n * E8 - takerFee);
    expect(e.balance("live", "seller", PLATFORM_COIN).available).toBe(10n * E8 - makerFee);
    expect(e.balance("live", FEE_ACCOUNT, PLATFORM_COIN).available).toBe(takerFee + makerFee);
    expect(e.balance("live", FEE_ACCOUNT, "ETH").available).toBe(0n);
    expect(e.balance("live", FEE_ACCOUNT, "USDT").available).toBe(0n);
    const [fill] = ch.fills;
    expect(fill).toMatchObject({ takerFee, makerFee, takerDeduct: true, makerDeduct: true });
    expect(buy).toMatchObject({ fee: 0n, deductFee: takerFee });
    expect(sell).toMatchObject({ fee: 0n, deductFee: makerFee });
    // the payer's bill and the fee account's, in the platform coin, refer to the order
    const bills = ch.bills.filter((b) => b.coin === PLATFORM_COIN);
    expect(bills.map((b) => [b.userId, b.business, b.size])).toEqual([
      ["buyer", "DEDUCTION_HANDLING_FEE", -takerFee],
      [FEE_ACCOUNT, "DEDUCTION_HANDLING_FEE", takerFee],
      ["seller", "DEDUCTION_HANDLING_FEE", -makerFee],
      [FEE_ACCOUNT, "DEDUCTION_HANDLING_FEE", makerFee],
    ]);
    expect(bills[0]?.refId).toBe(buy.id);
  });

  it("charges the usual coin when the platform-coin balance does not cover the fee, or the switch is off", () => {
    const e = engine(new Set(["buyer"]));
    fund(e, "seller", "ETH", 2n * E8);
    fund(e, "buyer", "USDT", 6000n * E8);
    const takerFee = platformCoinFee(3000n * E8, 1000n, PRICE);
    // one unit short
    fund(e, "buyer", PLATFORM_COIN, takerFee - 1n);
    fund(e, "seller", PLATFORM_COIN, 10n * E8);
    const first = trade(e, "seller", "buyer");
    expect(first.ch.fills[0]).toMatchObject({
      takerDeduct: false,
      takerFee: E8 / 1000n,
      makerDeduct: false,
      makerFee: 3000n * 800n * 10n ** 2n,
    });
    expect(e.balance("live", "buyer", "ETH").available).toBe(E8 - E8 / 1000n);
    expect(e.balance("live", "buyer", PLATFORM_COIN).available).toBe(takerFee - 1n);
    // the seller never switched on: its coins are untouched
    expect(e.balance("live", "seller", PLATFORM_COIN).available).toBe(10n * E8);
    expect(e.balance("live", FEE_ACCOUNT, PLATFORM_COIN).available).toBe(0n);
    // topped up by exactly the missing unit, the next fill is paid in the platform coin
    fund(e, "buyer", PLATFORM_COIN, 1n);
    const second = trade(e, "seller", "buyer");
    expect(second.ch.fills[0]).toMatchObject({ takerDeduct: true, takerFee });
    expect(e.balance("live", "buyer", PLATFORM_COIN).available).toBe(0n);
    expect(e.balance("live", "buyer", "ETH").available).toBe(2n * E8 - E8 / 1000n);
  });

  it("does not charge coins that are frozen in an open order", () => {
    const e = engine(new Set(["buyer"]));
    fund(e, "seller", "ETH", E8);
    fund(e, "buyer", "USDT", 3000n * E8);
    fund(e, "buyer", PLATFORM_COIN, 10n * E8);
    // all of the buyer's platform coins rest in a sell order on their own pair
    const ch = newChange();
    e.place(
      newOrder(e.ids, { env: "live", userId: "buyer", symbol: "BGBUSDT", side: "sell", type: "limit", price: 90_000, size: 1000 }),
      ch,
    );
    expect(e.balance("live", "buyer", PLATFORM_COIN).available).toBe(0n);
    const { ch: t } = trade(e, "seller", "buyer");
    expect(t.fills[0]).toMatchObject({ takerDeduct: false, takerFee: E8 / 1000n });
    expect(e.balance("live", "buyer", PLATFORM_COIN).frozen).toBe(10n * E8);
  });

  it("charges a margin account's fee to its owner's spot balance of the platform coin", () => {
    const e = engine(new Set(["owner"]));
    const margin = "owner#ETHUSDT";
    fund(e, "seller", "ETH", E8);
    fund(e, margin, "USDT", 3000n * E8);
    fund(e, "owner", PLATFORM_COIN, 10n * E8);
    const { ch } = trade(e, "seller", margin);
    const takerFee = platformCoinFee(3000n * E8, 1000n, PRICE);
    expect(ch.fills[0]).toMatchObject({ takerDeduct: true, takerFee });
    expect(e.balance("live", margin, "ETH").available).toBe(E8);
    expect(e.balance("live", "owner", PLATFORM_COIN).available).toBe(10n * E8 - takerFee);
    expect(e.balance("live", margin, PLATFORM_COIN).available).toBe(0n);
  });

  it("pays in the usual coin when there is no conversion price", () => {
    const e = engine(new Set(["buyer"]), 0n);
    fund(e, "seller", "ETH", E8);
    fund(e, "buyer", "USDT", 3000n * E8);
    fund(e, "buyer", PLATFORM_COIN, 10n * E8);
    expect(trade(e, "seller", "buyer").ch.fills[0]).toMatchObject({ takerDeduct: false, takerFee: E8 / 1000n });
  });
});

describe("conservation with the deduction", () => {
  const USERS = ["a", "b", "c", "a#ETHUSDT"];
  const opArb = fc.oneof(
    fc.record({
      kind: fc.constant("order" as const),
      user: fc.constantFrom(...USERS),
      side: fc.constantFrom("buy" as const, "sell" as const),
      price: fc.integer({ min: 299_000, max: 301_000 }),
      size: fc.integer({ min: 1, max: 20_000 }),
      market: fc.boolean(),
    }),
    fc.record({ kind: fc.constant("switch" as const), user: fc.constantFrom("a", "b", "c"), on: fc.boolean() }),
    fc.record({ kind: fc.constant("price" as const), price: fc.bigInt({ min: 1n, max: 100n * E8 }) }),
    fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
  );

  it("keeps every coin whole and no balance negative, whoever pays in the platform coin", () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => {
        const on = new Set<string>();
        let price = PRICE;
        const e = engine(on);
        e.deductPrice = () => price;
        for (const u of USERS) {
          fund(e, u, "USDT", 10_000n * E8);
          fund(e, u, "ETH", 3n * E8);
        }
        // small platform-coin balances, so some fees are covered and some are not
        for (const u of ["a", "b", "c"]) fund(e, u, PLATFORM_COIN, E8 / 2n);
        let feesIn = 0n;
        for (const op of ops) {
          const ch = newChange();
          if (op.kind === "switch") {
            if (op.on) on.add(op.user);
            else on.delete(op.user);
          } else if (op.kind === "price") price = op.price;
          else if (op.kind === "cancel") {
            const open = [...e.open.values()];
            const o = open[op.pick % Math.max(open.length, 1)];
            if (o) e.cancel(o, "user", ch);
          } else {
            const o = op.market
              ? newOrder(e.ids, {
                  env: "live",
                  userId: op.user,
                  symbol: SYMBOL,
                  side: op.side,
                  type: "market",
                  size: op.side === "sell" ? op.size : 0,
                  quoteSize: op.side === "buy" ? BigInt(op.size) * 3n * E8 : 0n,
                })
              : order(e, op.user, op.side, op.price, op.size);
            try {
              e.place(o, ch);
            } catch {
              // refused (insufficient balance): nothing changed
            }
          }
          // every change's bills balance per coin (double entry)
          const perCoin = new Map<string, bigint>();
          for (const b of ch.bills) perCoin.set(b.coin, (perCoin.get(b.coin) ?? 0n) + b.size);
          for (const [coin, v] of perCoin) expect(v, coin).toBe(0n);
          for (const f of ch.fills) {
            if (f.takerDeduct) feesIn += f.takerFee;
            if (f.makerDeduct) feesIn += f.makerFee;
          }
        }
        // every coin sums to zero over all accounts (the treasury is negative by what it funded)
        const sums = new Map<string, bigint>();
        for (const b of e.balances.values()) {
          sums.set(b.coin, (sums.get(b.coin) ?? 0n) + b.available + b.frozen);
          if (b.userId !== TREASURY) expect(b.available >= 0n && b.frozen >= 0n, `${b.userId} ${b.coin}`).toBe(true);
        }
        for (const [coin, s] of sums) expect(s, coin).toBe(0n);
        // the fee account holds exactly the platform-coin fees the fills report, and a margin account never pays them
        expect(e.balance("live", FEE_ACCOUNT, PLATFORM_COIN).available).toBe(feesIn);
        expect(e.balance("live", "a#ETHUSDT", PLATFORM_COIN).available).toBe(0n);
      }),
      { numRuns: 150 },
    );
  });
});
