/**
 * A spot copy's fees paid in the platform coin (docs/decisions/353, 361): the BGB a copy's buy and
 * sell cost is part of the copy's result, so the lead's profit share is a share of the true net.
 */
import { afterAll, describe, expect, it } from "vitest";
import { PLATFORM_COIN } from "../../protocol/fee-deduction.ts";
import { newChange, TREASURY } from "../exchange/engine/types.ts";
import type { Exchange } from "../exchange/exchange.ts";
import { instrument } from "../exchange/instruments.ts";
import { openExchangeBase, removeWorldDirs } from "../exchange/testing/world.ts";
import { SPOT_SHARE_BILLS, SpotCopyService } from "./spot-service.ts";
import { SPOT_COPY_MIGRATIONS, SpotCopyStore } from "./spot-store.ts";

const worlds: Exchange[] = [];
afterAll(() => {
  for (const ex of worlds.splice(0)) {
    ex.close();
    ex.svc.db.close();
  }
  removeWorldDirs();
});

const U = 100_000_000n;

describe("a spot copy's fees in the platform coin", () => {
  it("count in the copy's net: the share is the rate of proceeds less cost less every fee, BGB at its conversion price", async () => {
    const base = openExchangeBase("scopy-bgb-", SPOT_COPY_MIGRATIONS);
    const ex = base.ex;
    worlds.push(ex);
    const svc = ex.svc;
    const copy = new SpotCopyService({
      store: new SpotCopyStore(base.db),
      exchange: svc,
      config: { leadMinEquity: 100n * U, leadMinAgeMs: 0, maxProfitSharePpm: 100_000 },
      equity: (env, user) => svc.engine.balance(env, user, "USDT").available,
      registeredAt: () => 0,
      log: (err) => {
        throw err;
      },
    });
    const credit = async (user: string, coin: string, amount: bigint) => {
      const ch = newChange();
      svc.ensureAccount("live", user, ch);
      svc.engine.transfer("live", TREASURY, user, coin, amount, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch);
      await svc.store.commit(ch);
    };
    const order = (user: string, side: "buy" | "sell", ticks: number, lots: number, force = "ioc") =>
      svc.placeOrder("live", user, {
        symbol: "ETHUSDT",
        side,
        orderType: "limit",
        force,
        price: (ticks / 100).toFixed(2),
        size: (lots / 10_000).toFixed(4),
      });
    const quote = async (mid: number) => {
      await svc.cancelSymbol("live", "mm", "ETHUSDT");
      await order("mm", "sell", mid + 1, 50_000_000, "gtc");
      await order("mm", "buy", mid - 1, 50_000_000, "gtc");
    };
    await credit("mm", "ETH", 100_000n * U);
    await credit("mm", "USDT", 1_000_000_000n * U);
    await credit("lead", "USDT", 100_000n * U);
    await credit("f1", "USDT", 100_000n * U);
    // the follower pays its fees in BGB (switched on, enough BGB in its spot account)
    await credit("f1", PLATFORM_COIN, 10_000n * U);
    svc.setFeeDeduct("f1", true);
    const price = svc.engine.deductPrice("live");
    expect(price).toBeGreaterThan(0n);
    copy.apply("live", "lead", 100_000);
    copy.follow("live", "f1", "lead", [{ symbol: "ETHUSDT", traceType: "percent", ratioPpm: 1_000_000, amount: 0n, maxPerOrder: 0n }]);

    await quote(320_000);
    await order("lead", "buy", 320_001, 10_000);
    await copy.settle();
    await quote(332_000);
    // the lead sells all it bought (less its fee in ETH): every copy sells whole
    const eth = svc.engine.balance("live", "lead", "ETH").available;
    await order("lead", "sell", 331_999, Number(eth / instrument("ETHUSDT")!.baseUnitsPerLot));
    await copy.settle();

    const [t] = copy.tracks({ env: "live", userId: "f1", before: Number.MAX_SAFE_INTEGER, limit: 1 }, "follow", ["closed"]);
    expect(t).toBeDefined();
    // the follower's copy orders paid their fees in BGB only: nothing in ETH or USDT
    const orders = base.db
      .prepare("SELECT side, deduct_fee AS bgb FROM ex_orders WHERE user_id = 'f1' ORDER BY rowid")
      .safeIntegers(true)
      .all() as Array<{ side: string; bgb: bigint }>;
    expect(orders.map((o) => o.side)).toEqual(["buy", "sell"]);
    expect(t!.buyFee).toBe(0n);
    expect(t!.sellFee).toBe(0n);
    const bgbValue = (coins: bigint) => (coins * price + U - 1n) / U;
    const fees = bgbValue(orders[0]!.bgb) + bgbValue(orders[1]!.bgb);
    expect(fees).toBeGreaterThan(0n);
    // the true net: what the sell brought less what the buy cost, less both fees' value
    const trueNet = t!.sellQuote - t!.buyQuote - fees;
    expect(trueNet).toBeGreaterThan(0n);
    expect(t!.realised).toBe(trueNet);
    expect(t!.shared).toBe((trueNet * 100_000n) / 1_000_000n);
    const pay = base.db
      .prepare("SELECT SUM(size) AS s FROM ex_bills WHERE business_type = ? AND user_id = 'f1'")
      .safeIntegers(true)
      .get(SPOT_SHARE_BILLS[0]) as { s: bigint };
    expect(-BigInt(pay.s)).toBe(t!.shared);
    // the lead's track counts its own fees the same way (it paid in ETH and USDT here)
    const [leadT] = copy.tracks({ env: "live", userId: "lead", before: Number.MAX_SAFE_INTEGER, limit: 1 }, "lead", ["closed"]);
    expect(leadT!.realised).toBeGreaterThan(0n);
  });
});
