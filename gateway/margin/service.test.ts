/**
 * The margin engine's money rules (docs/decisions/320): borrowing within limits, interest rounded
 * against the borrower, liquidation on a price path covered by the fund, and a property run of
 * random transfers, loans, repayments, orders, interest hours and price moves after which money is
 * conserved, no debtor is left under the liquidation level, and a restart reads the same books back.
 */
import { afterAll, describe, expect, it } from "vitest";
import { TREASURY, type Env } from "../exchange/engine/types.ts";
import { parseAccountKey, type MarginAccountRef } from "./accounts.ts";
import type { LoanType } from "../../protocol/margin.ts";
import { Rng } from "../exchange/market/random.ts";
import type { PlaceOrderBody } from "../exchange/order-request.ts";
import { VIP_FEES } from "../exchange/service.ts";
import { closeMarginWorlds, closeWorld, houseQuote, marginWorld, TEST_MARGIN_CONFIG, tradeAt, type MarginWorld } from "./testing.ts";

afterAll(closeMarginWorlds);

const U = 10n ** 8n;
const env: Env = "live";

/** Every coin's balances over every engine identity (treasury included) add up to zero: nothing made, nothing lost. */
function conserved(w: MarginWorld): void {
  const sums = new Map<string, bigint>();
  for (const b of w.ex.svc.engine.balances.values())
    sums.set(`${b.env}:${b.coin}`, (sums.get(`${b.env}:${b.coin}`) ?? 0n) + b.available + b.frozen);
  for (const [k, v] of sums) expect(v, k).toBe(0n);
  for (const b of w.ex.svc.engine.balances.values()) {
    if (b.userId === TREASURY) continue;
    expect(b.available >= 0n && b.frozen >= 0n, `${b.userId} ${b.coin}`).toBe(true);
  }
  for (const l of w.mg.svc.allLoans()) expect(l.principal >= 0n && l.interest >= 0n && l.principal + l.interest > 0n).toBe(true);
}

function noDebtorBelowLiquidation(w: MarginWorld): void {
  for (const e of ["live", "paper"] as const)
    for (const ref of w.mg.svc.debtorsOf(e).values()) {
      const s = w.mg.svc.state(e, ref);
      if (s.risk !== undefined) expect(s.risk >= w.mg.svc.config.liquidationRatio, `${s.key} ${s.risk}`).toBe(true);
    }
}

async function funded(w: MarginWorld, user: string) {
  await w.ex.svc.assets(env, user);
  return w.mg.svc.ref(user, "crossed");
}

/** Places `ref`'s BTCUSDT order as an API client: a market order, or a limit order at `price`. */
function placeBtc(w: MarginWorld, ref: MarginAccountRef, loanType: LoanType, side: "buy" | "sell", size: string, price?: string) {
  const body: PlaceOrderBody =
    price === undefined
      ? { symbol: "BTCUSDT", side, orderType: "market", size }
      : { symbol: "BTCUSDT", side, orderType: "limit", price, size };
  return w.mg.orders.place(env, ref, body, loanType, "API");
}

describe("borrowing and repayment", () => {
  it("lends within leverage and the tier, charges the first hour at once, repays interest first", async () => {
    const w = await marginWorld();
    const ref = await funded(w, "alice");
    await w.mg.svc.transfer(env, ref, "USDT", 1000n * U, true, "t1");
    // crossed 3x: liabilities may reach twice the equity
    expect(w.mg.svc.maxBorrowable(env, ref, "USDT")).toBe(2000n * U);
    await expect(w.mg.svc.borrow(env, ref, "USDT", 2000n * U + 1n)).rejects.toMatchObject({ code: "50021" });
    await w.mg.svc.borrow(env, ref, "USDT", 1200n * U);
    // 0.0001 a day on 1200 USDT: 0.005 USDT for the first hour
    expect(w.mg.svc.loan(env, w.mg.svc.key(ref), "USDT")).toMatchObject({ principal: 1200n * U, interest: 500_000n });
    await expect(w.mg.svc.repay(env, ref, "USDT", 1200n * U + 500_001n)).rejects.toMatchObject({ code: "50022" });
    const r = await w.mg.svc.repay(env, ref, "USDT", 1_000_000n);
    expect(r.remainDebtAmount).toBe(1200n * U - 500_000n);
    // an odd unit of interest rounds up against the borrower
    expect(w.mg.svc.hourInterest("USDT", 1n)).toBe(1n);
    conserved(w);
  });

  it("keeps transfer-out within what the debt needs and refuses what breaches it", async () => {
    const w = await marginWorld();
    const ref = await funded(w, "bob");
    await w.mg.svc.transfer(env, ref, "USDT", 1000n * U, true, "t1");
    await w.mg.svc.borrow(env, ref, "USDT", 1000n * U);
    const max = w.mg.svc.maxTransferOut(env, ref, "USDT");
    // assets 2000 must stay at least 1000.005 x 3 / 2
    expect(max).toBeLessThan(500n * U);
    await expect(w.mg.svc.transfer(env, ref, "USDT", max + 1n, false, "t2")).rejects.toMatchObject({ code: "50023" });
    await w.mg.svc.transfer(env, ref, "USDT", max, false, "t3");
    expect(w.mg.svc.state(env, ref).risk).toBeGreaterThanOrEqual(15_000n);
    conserved(w);
  });
});

describe("interest", () => {
  it("charges an hour per interval on the principal and catches up after a stop", async () => {
    const w = await marginWorld();
    const ref = await funded(w, "carol");
    await w.mg.svc.transfer(env, ref, "USDT", 1000n * U, true, "t1");
    await w.mg.svc.borrow(env, ref, "USDT", 240n * U);
    const key = w.mg.svc.key(ref);
    const loan = w.mg.svc.loan(env, key, "USDT")!;
    const first = loan.interest;
    expect(await w.mg.svc.accrue(loan.nextInterestAt - 1)).toBe(0);
    await w.mg.svc.accrue(loan.nextInterestAt + 2 * 3_600_000);
    expect(loan.interest).toBe(first * 4n);
    conserved(w);
  });
});

describe("liquidation on a price path", () => {
  it("closes out a long bought with borrowed USDT when BTC falls, through the book, and the fund covers the rest", async () => {
    const w = await marginWorld();
    const ref = await funded(w, "dave");
    const p0 = 95_000_00;
    tradeAt(w.ex, env, "BTCUSDT", p0);
    houseQuote(w.ex, env, "BTCUSDT", "sell", p0 + 100, 1_000_000);
    await w.mg.svc.transfer(env, ref, "USDT", 1000n * U, true, "t1");
    // buy 2,500 USDT of BTC with 1,500 borrowed
    await placeBtc(w, ref, "autoLoan", "buy", "2500");
    const key = w.mg.svc.key(ref);
    expect(w.mg.svc.owed(env, key, "USDT")).toBeGreaterThan(1500n * U);
    // the price falls step by step; the house bids lower and lower
    for (const drop of [0.9, 0.8, 0.7, 0.6, 0.5]) {
      const p = Math.round(p0 * drop);
      tradeAt(w.ex, env, "BTCUSDT", p);
      houseQuote(w.ex, env, "BTCUSDT", "buy", p - 100, 100_000);
      await w.mg.risk.settled();
      noDebtorBelowLiquidation(w);
      conserved(w);
    }
    expect(w.mg.svc.owed(env, key, "USDT")).toBe(0n);
    const liq = w.mg.store.records({
      env,
      userId: "dave",
      mode: "crossed",
      symbol: null,
      kinds: ["liquidation"],
      coin: null,
      start: 0,
      end: Date.now() + 1e6,
      before: Number.MAX_SAFE_INTEGER,
      limit: 10,
    });
    expect(liq).toHaveLength(1);
    expect(liq[0]!.rate).toBeLessThan(11_000n);
  });

  it("lets the fund cover what cannot be bought back when the book is empty, for no more than its value", async () => {
    const w = await marginWorld();
    const ref = w.mg.svc.ref("erin", "isolated", "ETHUSDT");
    await w.ex.svc.assets(env, "erin");
    const p0 = 3_000_00;
    tradeAt(w.ex, env, "ETHUSDT", p0);
    await w.mg.svc.transfer(env, ref, "USDT", 100n * U, true, "t1");
    // short: borrow ETH and keep it (no book to sell into): assets ETH + USDT, debt ETH
    await w.mg.svc.borrow(env, ref, "ETH", (1n * U) / 10n);
    tradeAt(w.ex, env, "ETHUSDT", p0 * 20);
    await w.mg.risk.settled();
    expect(w.mg.svc.owed(env, w.mg.svc.key(ref), "ETH")).toBe(0n);
    // the ETH repaid its principal; the fund covered the hour of interest and took its value in USDT, no more
    const usdt = w.ex.svc.engine.balance(env, w.mg.svc.key(ref), "USDT").available;
    expect(usdt).toBeLessThan(100n * U);
    expect(usdt).toBeGreaterThan(99n * U);
    conserved(w);
  });
});

describe("loan types, interest risk, fees and the simulation reset", () => {
  it("repays from the proceeds of an autoRepay sell, at once and when a resting order fills later", async () => {
    const w = await marginWorld();
    const ref = await funded(w, "fay");
    const key = w.mg.svc.key(ref);
    const p = 90_000_00;
    tradeAt(w.ex, env, "BTCUSDT", p);
    await w.mg.svc.transfer(env, ref, "USDT", 1000n * U, true, "t1");
    houseQuote(w.ex, env, "BTCUSDT", "sell", p + 100, 100_000);
    await placeBtc(w, ref, "autoLoan", "buy", "1500");
    const owed = w.mg.svc.owed(env, key, "USDT");
    expect(owed).toBeGreaterThan(500n * U);
    // a resting autoRepay sell: nothing repaid until it fills
    const sell = await placeBtc(w, ref, "autoRepay", "sell", "0.005", "91000");
    expect(sell.status).toBe("live");
    expect(w.mg.svc.owed(env, key, "USDT")).toBe(owed);
    // the maker's asks go, then it bids through the sell
    tradeAt(w.ex, env, "BTCUSDT", 91_000_00);
    houseQuote(w.ex, env, "BTCUSDT", "buy", 91_000_00, 10_000);
    await w.ex.svc.store.commit({ orders: [], fills: [], bills: [], balances: [], extra: [() => undefined] });
    await new Promise((r) => setTimeout(r, 20));
    await w.mg.risk.settled();
    // exactly what the sell brought, net of its fee, went to the debt
    expect(sell.status).toBe("filled");
    expect(w.mg.svc.owed(env, key, "USDT")).toBe(owed - (sell.filledQuote - sell.fee));
    // an immediate autoLoanAndRepay sell into the bid repays in its own transaction
    await placeBtc(w, ref, "autoLoanAndRepay", "sell", "0.005");
    expect(w.mg.svc.owed(env, key, "USDT")).toBe(0n);
    conserved(w);
  });

  it("liquidates an account that interest alone takes under the level", async () => {
    const rates = new Map([...TEST_MARGIN_CONFIG.dailyRates, ["USDT", 5_000_000n]]);
    const w = await marginWorld(undefined, { ...TEST_MARGIN_CONFIG, dailyRates: rates });
    const ref = await funded(w, "gus");
    await w.mg.svc.transfer(env, ref, "USDT", 1000n * U, true, "t1");
    await w.mg.svc.borrow(env, ref, "USDT", 2000n * U);
    const loan = w.mg.svc.loan(env, w.mg.svc.key(ref), "USDT")!;
    // 5 % a day: a month of hours takes 3000 / 2000 under 1.1
    await w.mg.svc.accrue(loan.nextInterestAt + 30 * 24 * 3_600_000, 24 * 40);
    await w.mg.risk.settled();
    expect(w.mg.svc.owed(env, w.mg.svc.key(ref), "USDT")).toBe(0n);
    noDebtorBelowLiquidation(w);
    conserved(w);
  });

  it("charges a margin account's fills at its owner's VIP rates", async () => {
    const w = await marginWorld();
    const ref = await funded(w, "hal");
    w.ex.svc.setVip(env, "hal", 3);
    const p = 90_000_00;
    tradeAt(w.ex, env, "BTCUSDT", p);
    houseQuote(w.ex, env, "BTCUSDT", "sell", p, 100_000);
    await w.mg.svc.transfer(env, ref, "USDT", 1000n * U, true, "t1");
    const o = await placeBtc(w, ref, "normal", "buy", "0.01", "90000");
    const vip3 = VIP_FEES[3]!.taker;
    expect(o.fee).toBe((10n ** 6n * BigInt(vip3)) / 1_000_000n);
  });

  it("clears the margin accounts and debts of a simulation reset", async () => {
    const w = await marginWorld();
    await w.ex.svc.assets("paper", "ivy");
    const ref = w.mg.svc.ref("ivy", "crossed");
    await w.mg.svc.transfer("paper", ref, "USDT", 1000n * U, true, "t1");
    await w.mg.svc.borrow("paper", ref, "BTC", U / 100n);
    await w.ex.svc.resetPaper("ivy");
    expect(w.mg.svc.owed("paper", w.mg.svc.key(ref), "BTC")).toBe(0n);
    expect(w.mg.svc.state("paper", ref).assets).toBe(0n);
    // the live account never saw any of it
    expect(w.mg.svc.state("live", ref).assets).toBe(0n);
    conserved(w);
  });
});

describe("property: random margin activity", () => {
  for (const seed of [1, 2, 3]) {
    it(`conserves money, leaves no debtor under the level and restarts the same (seed ${seed})`, async () => {
      const w = await marginWorld();
      // seeded (mulberry32) so a failure replays
      const rand = new Rng(seed);
      const r = () => rand.next();
      const users = ["p1", "p2", "p3"];
      let price = 95_000_00;
      tradeAt(w.ex, env, "BTCUSDT", price);
      const refs = await Promise.all(users.map((u) => funded(w, u)));
      const iso = users.map((u) => w.mg.svc.ref(u, "isolated", "BTCUSDT"));
      const all = [...refs, ...iso];
      let now = Date.now();
      let done = 0;
      for (let step = 0; step < 160; step++) {
        const ref = all[Math.floor(r() * all.length)]!;
        const coin = r() < 0.6 ? "USDT" : "BTC";
        const amount = BigInt(Math.floor(r() * 2000 + 1)) * (coin === "USDT" ? U : U / 50_000n);
        const op = r();
        try {
          if (op < 0.2) await w.mg.svc.transfer(env, ref, coin, amount, true, `s${step}`);
          else if (op < 0.3) await w.mg.svc.transfer(env, ref, coin, amount / 3n, false, `s${step}`);
          else if (op < 0.45) await w.mg.svc.borrow(env, ref, coin, amount);
          else if (op < 0.55) await w.mg.svc.repay(env, ref, coin, amount / 2n);
          else if (op < 0.75) {
            houseQuote(w.ex, env, "BTCUSDT", "sell", price + 500, 50_000);
            houseQuote(w.ex, env, "BTCUSDT", "buy", price - 500, 50_000);
            const side = r() < 0.5 ? "buy" : "sell";
            const types = ["normal", "autoLoan", "autoRepay", "autoLoanAndRepay"] as const;
            const body =
              side === "buy"
                ? { symbol: "BTCUSDT", side, orderType: "market", size: String(Math.floor(r() * 3000 + 10)) }
                : {
                    symbol: "BTCUSDT",
                    side,
                    orderType: "limit",
                    price: ((price - 600) / 100).toFixed(2),
                    size: (r() * 0.03 + 0.001).toFixed(6),
                  };
            await w.mg.orders.place(env, ref, body, types[Math.floor(r() * 4)]!, "API");
          } else if (op < 0.85) {
            now += 3_600_000;
            await w.mg.svc.accrue(now);
          } else if (op < 0.88) {
            // a crash of the price: leveraged longs go under
            price = Math.max(1_000_00, Math.round(price * 0.6));
            tradeAt(w.ex, env, "BTCUSDT", price);
            houseQuote(w.ex, env, "BTCUSDT", "buy", price - 100, 50_000);
            houseQuote(w.ex, env, "BTCUSDT", "sell", price + 100, 50_000);
          } else {
            price = Math.max(1_000_00, Math.round(price * (0.8 + r() * 0.35)));
            tradeAt(w.ex, env, "BTCUSDT", price);
            houseQuote(w.ex, env, "BTCUSDT", "buy", price - 100, 50_000);
            houseQuote(w.ex, env, "BTCUSDT", "sell", price + 100, 50_000);
          }
          done++;
        } catch (err) {
          // refusals are expected (limits, balances); anything else is a bug
          expect((err as { code?: string }).code, String(err)).toMatch(/^(43012|50021|50022|50023|50025|40034|43006|45110)$/);
        }
        await new Promise((res) => setImmediate(res));
        await w.mg.risk.settled();
        conserved(w);
        noDebtorBelowLiquidation(w);
      }
      // the run ends with a leveraged long and a crash, so every seed sees a close-out
      const last = await funded(w, "p4");
      await w.mg.svc.transfer(env, last, "USDT", 1000n * U, true, "end");
      houseQuote(w.ex, env, "BTCUSDT", "sell", price + 200, 5_000_000);
      await placeBtc(w, last, "autoLoan", "buy", "2000");
      price = Math.round(price * 0.5);
      tradeAt(w.ex, env, "BTCUSDT", price);
      houseQuote(w.ex, env, "BTCUSDT", "buy", price - 100, 50_000);
      await w.mg.risk.settled();
      conserved(w);
      noDebtorBelowLiquidation(w);
      const liquidations = [...users, "p4"].flatMap((u) =>
        (["crossed", "isolated"] as const).flatMap((mode) =>
          w.mg.store.records({
            env,
            userId: u,
            mode,
            symbol: null,
            kinds: ["liquidation"],
            coin: null,
            start: 0,
            end: 9e15,
            before: 9e15,
            limit: 100,
          }),
        ),
      );
      // the run did something: most steps went through, and some accounts were closed out
      expect(done).toBeGreaterThan(60);
      expect(liquidations.length).toBeGreaterThan(0);
      w.ex.svc.store.flush();
      const balances = [...w.ex.svc.engine.balances.values()]
        .map((b) => `${b.env}:${b.userId}:${b.coin}=${b.available}/${b.frozen}`)
        .sort();
      const loans = [...w.mg.svc.allLoans()].map((l) => `${l.env}:${l.account}:${l.coin}=${l.principal}/${l.interest}`).sort();
      closeWorld(w);
      const again = await marginWorld(w.dir);
      const balances2 = [...again.ex.svc.engine.balances.values()]
        .map((b) => `${b.env}:${b.userId}:${b.coin}=${b.available}/${b.frozen}`)
        .sort();
      const loans2 = [...again.mg.svc.allLoans()].map((l) => `${l.env}:${l.account}:${l.coin}=${l.principal}/${l.interest}`).sort();
      expect(balances2.filter((b) => !b.endsWith("=0/0"))).toEqual(balances.filter((b) => !b.endsWith("=0/0")));
      expect(loans2).toEqual(loans);
      for (const l of again.mg.svc.allLoans()) expect(parseAccountKey(l.account)).toBeDefined();
    }, 60_000);
  }
});
