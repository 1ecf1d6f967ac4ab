/**
 * Price protection on the plan path (docs/decisions/340): a plan order fires through the engine's
 * band like any order, so one whose execute price is outside the band when it fires fails with
 * the reason recorded (`fail_execute`), and the trade that fired it goes on; a market plan
 * fills only up to its protection price.
 */
import { afterAll, describe, expect, it } from "vitest";
import { newOrder } from "./engine/order.ts";
import { TREASURY, newChange, type Env } from "./engine/types.ts";
import type { Exchange } from "./exchange.ts";
import { openExchangeBase, removeWorldDirs } from "./testing/world.ts";

const env: Env = "live";
const opened: Exchange[] = [];
afterAll(() => {
  for (const ex of opened.splice(0)) ex.close();
  removeWorldDirs();
});

/** Two house orders trade one lot of BTCUSDT at `ticks` (the simulated market moving the last price). */
function tradeAt(ex: Exchange, ticks: number): void {
  const eng = ex.svc.engine;
  const ch = newChange();
  for (const side of ["sell", "buy"] as const)
    eng.place(
      newOrder(eng.ids, { env, userId: `house-${side}`, symbol: "BTCUSDT", side, type: "limit", price: ticks, size: 1, house: true }),
      ch,
    );
  void ex.svc.store.commit(ch);
}

function world(): Exchange {
  const { ex } = openExchangeBase("plan-band-", []);
  opened.push(ex);
  return ex;
}

describe("plan orders and the price band", () => {
  it("fails a plan whose limit price is outside the band when it fires, with the reason, and keeps trading", async () => {
    const ex = world();
    tradeAt(ex, 95_000_00);
    await ex.svc.assets(env, "pat");
    const far = await ex.plans.place(
      env,
      "pat",
      { symbol: "BTCUSDT", side: "buy", triggerPrice: "96000", orderType: "limit", executePrice: "110000", size: "0.01" },
      "API",
    );
    const near = await ex.plans.place(
      env,
      "pat",
      { symbol: "BTCUSDT", side: "buy", triggerPrice: "96000", orderType: "limit", executePrice: "96500", size: "0.01" },
      "API",
    );
    tradeAt(ex, 96_000_00);
    await ex.plans.idle();
    expect(far).toMatchObject({ status: "fail_execute", failReason: "The current order price exceeds the limit 100800.00" });
    expect(near.status).toBe("executed");
    expect(ex.svc.engine.open.get(near.orderId)?.price).toBe(96_500_00);
    // the book trades on after the failed plan
    tradeAt(ex, 96_600_00);
    expect(ex.svc.engine.reference(env, "BTCUSDT")).toBe(96_600_00);
  });

  it("fills a market plan only up to its protection price", async () => {
    const ex = world();
    tradeAt(ex, 95_000_00);
    await ex.svc.assets(env, "quin");
    const ch = newChange();
    ex.svc.engine.transfer(env, TREASURY, "ray", "BTC", 10n ** 6n, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch);
    await ex.svc.store.commit(ch);
    // an ask 10 % over the market, inside the passive ceiling
    const dear = await ex.svc.placeOrder(env, "ray", {
      symbol: "BTCUSDT",
      side: "sell",
      orderType: "limit",
      price: "105600",
      size: "0.01",
    });
    expect(dear.status).toBe("live");
    const p = await ex.plans.place(
      env,
      "quin",
      { symbol: "BTCUSDT", side: "buy", triggerPrice: "96000", orderType: "market", size: "5000" },
      "API",
    );
    tradeAt(ex, 96_000_00);
    await ex.plans.idle();
    expect(p.status).toBe("executed");
    expect(dear.filled).toBe(0);
    expect(ex.svc.findOrder(env, "quin", { orderId: p.orderId })).toMatchObject({
      filled: 0,
      status: "cancelled",
      cancelReason: "no more liquidity within the protection price",
    });
  });
});
