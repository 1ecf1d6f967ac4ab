/**
 * Issue 26, case 1 and the margin post-trade check (docs/decisions/340), in process: borrowed funds
 * cannot leave through an unbanded price (the absurd ask is refused, a market buy stops at its
 * protection price), and an order or a borrow that would leave the account under its liquidation
 * level at the expected fill is refused (50026) before anything is lent, frozen or filled.
 */
import { afterAll, describe, expect, it } from "vitest";
import { EX_CODES } from "../../protocol/bitget.ts";
import { MARGIN_CODES, type LoanType } from "../../protocol/margin.ts";
import { TREASURY, newChange, type Env } from "../exchange/engine/types.ts";
import type { PlaceOrderBody } from "../exchange/order-request.ts";
import type { MarginAccountRef } from "./accounts.ts";
import { closeMarginWorlds, houseQuote, marginWorld, TEST_MARGIN_CONFIG, tradeAt, type MarginWorld } from "./testing.ts";

afterAll(closeMarginWorlds);

const U = 10n ** 8n;
const env: Env = "live";
const P0 = 95_000_00;

/** What the colluders hold over spot and margin, at the fair price, less what they owe (USDT units). */
function worth(w: MarginWorld, users: string[], refs: MarginAccountRef[]): bigint {
  const eng = w.ex.svc.engine;
  let v = 0n;
  const value = (id: string) => {
    for (const coin of ["USDT", "BTC"]) {
      const b = eng.balance(env, id, coin);
      const held = b.available + b.frozen;
      v += coin === "USDT" ? held : (held * BigInt(P0)) / 100n;
    }
  };
  for (const u of users) value(u);
  for (const ref of refs) {
    const key = w.mg.svc.key(ref);
    value(key);
    v -= w.mg.svc.owed(env, key, "USDT") + (w.mg.svc.owed(env, key, "BTC") * BigInt(P0)) / 100n;
  }
  return v;
}

function btc(w: MarginWorld, user: string, amount: bigint): void {
  const ch = newChange();
  w.ex.svc.engine.transfer(env, TREASURY, user, "BTC", amount, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch);
  void w.ex.svc.store.commit(ch);
}

const market = (quoteSize: string): PlaceOrderBody => ({ symbol: "BTCUSDT", side: "buy", orderType: "market", size: quoteSize });
const limit = (side: "buy" | "sell", price: string, size: string): PlaceOrderBody => ({
  symbol: "BTCUSDT",
  side,
  orderType: "limit",
  price,
  size,
});

async function isolatedWithMaxLoan(w: MarginWorld, user: string) {
  await w.ex.svc.assets(env, user);
  const ref = w.mg.svc.ref(user, "isolated", "BTCUSDT");
  await w.mg.svc.transfer(env, ref, "USDT", 20_000n * U, true, `t-${user}`);
  const max = w.mg.svc.maxBorrowable(env, ref, "USDT");
  expect(max).toBe(180_000n * U);
  await w.mg.svc.borrow(env, ref, "USDT", max);
  return ref;
}

/** An isolated account of `user` with 20,000 USDT that borrows the most BTC it may and sells it at market into a house bid at P0: a short. */
async function isolatedShort(w: MarginWorld, user: string) {
  tradeAt(w.ex, env, "BTCUSDT", P0);
  await w.ex.svc.assets(env, user);
  const ref = w.mg.svc.ref(user, "isolated", "BTCUSDT");
  const key = w.mg.svc.key(ref);
  await w.mg.svc.transfer(env, ref, "USDT", 20_000n * U, true, `t-${user}`);
  await w.mg.svc.borrow(env, ref, "BTC", w.mg.svc.maxBorrowable(env, ref, "BTC"));
  houseQuote(w.ex, env, "BTCUSDT", "buy", P0, 10_000_000);
  const lots = w.ex.svc.engine.balance(env, key, "BTC").available / 100n;
  const size = `${lots / 1_000_000n}.${String(lots % 1_000_000n).padStart(6, "0")}`;
  const sell = await w.mg.orders.place(env, ref, { symbol: "BTCUSDT", side: "sell", orderType: "market", size }, "normal", "API");
  expect(sell.status).toBe("filled");
  return { ref, key };
}

/** The refusal code of a call, or what it returned. */
async function attempt<T>(f: () => Promise<T>): Promise<T | string> {
  try {
    return await f();
  } catch (err) {
    return (err as { code: string }).code;
  }
}

describe("case 1: borrowed funds cannot leave through an unbanded price", () => {
  for (const seller of ["colluder", "owner"] as const)
    it(`the attack of the issue gains nothing (the ask at ~4,000x by the ${seller})`, async () => {
      const w = await marginWorld();
      tradeAt(w.ex, env, "BTCUSDT", P0);
      const ref = await isolatedWithMaxLoan(w, "alice");
      const ask = seller === "owner" ? "alice" : "bob";
      await w.ex.svc.assets(env, "bob");
      btc(w, ask, U / 20n);
      const users = ["alice", "bob"];
      const before = worth(w, users, [ref]);

      // the ordinary spot sell of a few coins at ~4,000x the market, then the margin market buy of the whole loan
      const sell = await attempt(() => w.ex.svc.placeOrder(env, ask, limit("sell", "380000000", "0.05")));
      const buy = await attempt(() => w.mg.orders.place(env, ref, market("200000"), "normal", "API"));
      await w.mg.risk.settled();
      // the market goes on at the fair price (today: the account is liquidated and its debt written off)
      tradeAt(w.ex, env, "BTCUSDT", P0);
      await w.mg.risk.settled();
      // together the two accounts have no more than they put in
      expect(worth(w, users, [ref])).toBeLessThanOrEqual(before);
      expect(sell).toBe(EX_CODES.priceAboveBand);
      expect(buy).toMatchObject({ filled: 0, status: "cancelled", cancelReason: "no more liquidity" });
      expect(w.mg.svc.owed(env, w.mg.svc.key(ref), "USDT")).toBeGreaterThanOrEqual(180_000n * U);
    });

  it("a trap just inside the passive ceiling rests, but neither a market nor a limit buy can reach it", async () => {
    const w = await marginWorld();
    tradeAt(w.ex, env, "BTCUSDT", P0);
    const ref = await isolatedWithMaxLoan(w, "alice");
    await w.ex.svc.assets(env, "bob");
    btc(w, "bob", U / 20n);
    const before = worth(w, ["alice", "bob"], [ref]);
    const trap = await w.ex.svc.placeOrder(env, "bob", limit("sell", "475000", "0.05"));
    expect(trap.status).toBe("live");
    const buy = await w.mg.orders.place(env, ref, market("200000"), "autoLoan", "API");
    expect(buy.filled).toBe(0);
    expect(buy.cancelReason).toBe("no more liquidity within the protection price");
    await expect(w.mg.orders.place(env, ref, limit("buy", "475000", "0.4"), "normal", "API")).rejects.toMatchObject({
      code: EX_CODES.priceAboveBand,
    });
    await w.mg.risk.settled();
    expect(worth(w, ["alice", "bob"], [ref])).toBeLessThanOrEqual(before);
  });
});

describe("the margin post-trade check", () => {
  /** Asks at +4.5 % over the last price: inside the protection price, a loss of 4.5 % to whoever buys there. */
  async function dearBook(liquidationRatio = TEST_MARGIN_CONFIG.liquidationRatio) {
    const w = await marginWorld(undefined, { ...TEST_MARGIN_CONFIG, liquidationRatio });
    tradeAt(w.ex, env, "BTCUSDT", P0);
    houseQuote(w.ex, env, "BTCUSDT", "sell", Math.round(P0 * 1.045), 10_000_000);
    return w;
  }

  it("refuses a market buy of the whole loan that would leave the account under the liquidation level", async () => {
    const w = await dearBook();
    const ref = await isolatedWithMaxLoan(w, "carol");
    const key = w.mg.svc.key(ref);
    const usdt = w.ex.svc.engine.balance(env, key, "USDT").available;
    await expect(w.mg.orders.place(env, ref, market("200000"), "normal", "API")).rejects.toMatchObject({
      code: MARGIN_CODES.riskCheck,
      message: expect.stringMatching(
        /^Loan risk control check failed: the risk rate would be 1\.06\d\d, under the liquidation level 1\.1000$/,
      ),
    });
    // nothing moved
    expect(w.ex.svc.engine.balance(env, key, "USDT")).toMatchObject({ available: usdt, frozen: 0n });
    expect(w.ex.svc.engine.balance(env, key, "BTC").available).toBe(0n);
    // a buy the account can carry passes: a twentieth of the loan (half of it would already take it under)
    await expect(w.mg.orders.place(env, ref, market("100000"), "normal", "API")).rejects.toMatchObject({ code: MARGIN_CODES.riskCheck });
    const ok = await w.mg.orders.place(env, ref, market("10000"), "normal", "API");
    expect(ok.status).toBe("filled");
    expect(w.mg.svc.state(env, ref).risk).toBeGreaterThanOrEqual(TEST_MARGIN_CONFIG.liquidationRatio);
  });

  for (const loanType of ["autoLoan", "autoLoanAndRepay"] as LoanType[])
    it(`refuses an ${loanType} order whose loan and fill would leave the account under the level, and lends nothing`, async () => {
      const w = await dearBook();
      await w.ex.svc.assets(env, "dan");
      const ref = w.mg.svc.ref("dan", "isolated", "BTCUSDT");
      await w.mg.svc.transfer(env, ref, "USDT", 20_000n * U, true, "t1");
      await expect(w.mg.orders.place(env, ref, market("200000"), loanType, "API")).rejects.toMatchObject({ code: MARGIN_CODES.riskCheck });
      // a limit buy that crosses the dear asks is judged by the same fill
      await expect(w.mg.orders.place(env, ref, limit("buy", "99275", "2"), loanType, "API")).rejects.toMatchObject({
        code: MARGIN_CODES.riskCheck,
      });
      expect(w.mg.svc.owed(env, w.mg.svc.key(ref), "USDT")).toBe(0n);
      // the same limit buy resting below the asks leaves the account's value as it is: accepted
      const rest = await w.mg.orders.place(env, ref, limit("buy", "95000", "2"), loanType, "API");
      expect(rest.status).toBe("live");
      expect(w.mg.svc.state(env, ref).risk).toBeGreaterThanOrEqual(TEST_MARGIN_CONFIG.liquidationRatio);
    });

  it("refuses a borrow that would leave the account under the liquidation level", async () => {
    // with the level at 1.15, a 10x isolated account's full loan (risk 10/9) is already under it
    const w = await dearBook(11_500n);
    await w.ex.svc.assets(env, "eve");
    const ref = w.mg.svc.ref("eve", "isolated", "BTCUSDT");
    await w.mg.svc.transfer(env, ref, "USDT", 20_000n * U, true, "t1");
    await expect(w.mg.svc.borrow(env, ref, "USDT", 180_000n * U)).rejects.toMatchObject({ code: MARGIN_CODES.riskCheck });
    expect(w.mg.svc.owed(env, w.mg.svc.key(ref), "USDT")).toBe(0n);
    await w.mg.svc.borrow(env, ref, "USDT", 100_000n * U);
    expect(w.mg.svc.state(env, ref).risk).toBeGreaterThanOrEqual(11_500n);
  });
});

describe("a close-out stops at the account's bankruptcy price (docs/decisions/344)", () => {
  it("does not fill a colluder's ask above the price out of the fund when the account is under water", async () => {
    const w = await marginWorld();
    // alice borrows the most BTC her isolated account may and sells it at the price
    const { ref } = await isolatedShort(w, "alice");
    // bob rests an ask 3 % over where the price is going: inside the protection price of a buy there
    await w.ex.svc.assets(env, "bob");
    btc(w, "bob", 2n * U);
    const P1 = Math.round(P0 * 1.12);
    const ask = await w.ex.svc.placeOrder(env, "bob", limit("sell", (Math.round(P1 * 1.03) / 100).toFixed(2), "2"));
    const bobUsdt = w.ex.svc.engine.balance(env, "bob", "USDT").available;
    // the price jumps 12 %: alice owes more BTC than her USDT buys at the price, and is closed out
    tradeAt(w.ex, env, "BTCUSDT", P1);
    await w.mg.risk.settled();
    const s = w.mg.svc.state(env, ref);
    expect(s.liabilities).toBe(0n);
    // the close-out bought nothing dearer than the price: bob's ask is untouched, his USDT the same
    const order = w.ex.svc.findOrder(env, "bob", { orderId: ask.id });
    expect(order).toMatchObject({ filled: 0, status: "live" });
    expect(w.ex.svc.engine.balance(env, "bob", "USDT").available).toBe(bobUsdt);
  });
});

describe("what a close-out could not buy back is settled at what buying it costs (docs/decisions/344)", () => {
  it("values the debt at the best ask when it is dearer than the last trade, so the account keeps nothing the pool was owed", async () => {
    const w = await marginWorld();
    const { ref, key } = await isolatedShort(w, "dora");
    // the price rises 7 %, and the only asks rest 4.9 % above it: beyond what dora's equity pays for, inside the protection price
    const P1 = Math.round(P0 * 1.07);
    tradeAt(w.ex, env, "BTCUSDT", P1);
    const askAt = Math.round(P1 * 1.049);
    houseQuote(w.ex, env, "BTCUSDT", "sell", askAt, 10_000_000);
    const owed = w.mg.svc.owed(env, key, "BTC");
    const usdt = w.ex.svc.engine.balance(env, key, "USDT").available;
    // at the last trade she would keep equity; at the ask she owes more than she holds
    expect(usdt - (owed * BigInt(P1)) / 100n).toBeGreaterThan(0n);
    expect(usdt - (owed * BigInt(askAt)) / 100n).toBeLessThan(0n);
    await w.mg.risk.settled();
    const s = w.mg.svc.state(env, ref);
    expect(s.liabilities).toBe(0n);
    expect(s.assets).toBe(0n);
  });
  it("takes the coins it could not sell at the best bid when it is under the last trade", async () => {
    const w = await marginWorld();
    tradeAt(w.ex, env, "BTCUSDT", P0);
    await w.ex.svc.assets(env, "eve");
    const ref = w.mg.svc.ref("eve", "isolated", "BTCUSDT");
    const key = w.mg.svc.key(ref);
    await w.mg.svc.transfer(env, ref, "USDT", 20_000n * U, true, "t-eve");
    await w.mg.svc.borrow(env, ref, "USDT", w.mg.svc.maxBorrowable(env, ref, "USDT"));
    houseQuote(w.ex, env, "BTCUSDT", "sell", P0, 10_000_000);
    const spend = w.ex.svc.engine.balance(env, key, "USDT").available;
    const quote = `${spend / U}.${String(spend % U)
      .padStart(8, "0")
      .slice(0, 2)}`;
    const buy = await w.mg.orders.place(env, ref, { symbol: "BTCUSDT", side: "buy", orderType: "market", size: quote }, "normal", "API");
    expect(buy.status).toBe("filled");
    // the price falls 7 %, and the only bids rest 4.9 % under it: beyond what eve's equity pays for, inside the protection price
    const P1 = Math.round(P0 * 0.93);
    tradeAt(w.ex, env, "BTCUSDT", P1);
    const bidAt = Math.round(P1 * 0.951);
    houseQuote(w.ex, env, "BTCUSDT", "buy", bidAt, 10_000_000);
    const held = w.ex.svc.engine.balance(env, key, "BTC").available;
    const owed = w.mg.svc.owed(env, key, "USDT");
    const usdt = w.ex.svc.engine.balance(env, key, "USDT").available;
    expect(usdt + (held * BigInt(P1)) / 100n - owed).toBeGreaterThan(0n);
    expect(usdt + (held * BigInt(bidAt)) / 100n - owed).toBeLessThan(0n);
    await w.mg.risk.settled();
    const s = w.mg.svc.state(env, ref);
    expect(s.liabilities).toBe(0n);
    expect(s.assets).toBe(0n);
  });
});
