/** The margin long/short lending ratio (docs/decisions/319) from real margin accounts. */
import { afterAll, describe, expect, it } from "vitest";
import { TREASURY, newChange, type Env } from "../exchange/engine/types.ts";
import { instrument } from "../exchange/instruments.ts";
import { MarginStatistics } from "./statistics.ts";
import { closeMarginWorlds, houseQuote, marginWorld, tradeAt } from "./testing.ts";

afterAll(closeMarginWorlds);

const U = 10n ** 8n;
const env: Env = "live";
const P0 = 95_000_00;
const BTC = instrument("BTCUSDT")!;

describe("margin long/short lending", () => {
  it("counts USDT lent that sits in the coin as long and the coin lent as short, per pair and environment", async () => {
    const w = await marginWorld();
    tradeAt(w.ex, env, "BTCUSDT", P0);
    const stats = new MarginStatistics(w.mg.svc);
    try {
      expect(stats.lending(env, BTC)).toEqual({ long: 0n, short: 0n });
      // alice borrows 9,000 USDT in her isolated account and buys 0.1 BTC (9,500 USDT): what she owes is long
      await w.ex.svc.assets(env, "alice");
      const a = w.mg.svc.ref("alice", "isolated", "BTCUSDT");
      await w.mg.svc.transfer(env, a, "USDT", 2_000n * U, true, "ta");
      await w.mg.svc.borrow(env, a, "USDT", 9_000n * U);
      houseQuote(w.ex, env, "BTCUSDT", "sell", P0, 10_000_000);
      await w.mg.orders.place(env, a, { symbol: "BTCUSDT", side: "buy", orderType: "limit", price: "95000", size: "0.1" }, "normal", "API");
      const held = w.ex.svc.engine.balance(env, w.mg.svc.key(a), "BTC").available;
      expect((held * BigInt(P0)) / 100n).toBeGreaterThan(w.mg.svc.owed(env, w.mg.svc.key(a), "USDT"));
      expect(stats.lending(env, BTC).long).toBe(w.mg.svc.owed(env, w.mg.svc.key(a), "USDT"));
      // bob borrows 0.1 BTC in his crossed account: 9,500 USDT (and its interest) short
      await w.ex.svc.assets(env, "bob");
      const b = w.mg.svc.ref("bob", "crossed");
      const ch = newChange();
      w.ex.svc.engine.transfer(env, TREASURY, "bob", "USDT", 10_000n * U, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch);
      await w.ex.svc.store.commit(ch);
      await w.mg.svc.transfer(env, b, "USDT", 10_000n * U, true, "tb");
      await w.mg.svc.borrow(env, b, "BTC", U / 10n);
      const now = stats.lending(env, BTC);
      expect(now.short).toBe((w.mg.svc.owed(env, w.mg.svc.key(b), "BTC") * BigInt(P0)) / 100n);
      expect(now.short).toBeGreaterThanOrEqual(9_500n * U);
      // the simulation's accounts are apart
      expect(stats.lending("paper", BTC)).toEqual({ long: 0n, short: 0n });
      // the rows: the current bucket, live
      const rows = stats.rows(env, BTC, 300_000);
      expect(rows.at(-1)!.value).toEqual(now);
    } finally {
      stats.close();
    }
  });
});
