/**
 * The platform coin's conversion price for fees (docs/decisions/353): the lower of its pair's
 * reference and the simulated market's fair price, so two colluders printing a high trade on the
 * thin BGB book cannot make their fees cheaper; a low print only makes them pay more.
 */
import { afterAll, describe, expect, it } from "vitest";
import { PLATFORM_COIN, PLATFORM_SYMBOL } from "../../protocol/fee-deduction.ts";
import { newOrder } from "./engine/order.ts";
import { TREASURY, newChange } from "./engine/types.ts";
import { instrument } from "./instruments.ts";
import { openExchangeBase, removeWorldDirs } from "./testing/world.ts";

const inst = instrument(PLATFORM_SYMBOL)!;
const perTick = 10n ** BigInt(8 - inst.pricePrecision);

afterAll(() => removeWorldDirs());

describe("the platform coin's conversion price", () => {
  it("is the lower of the pair's reference and the fair price, and a colluders' high print does not raise it", () => {
    const { ex, db } = openExchangeBase("gt-price-", []);
    try {
      const engine = ex.svc.engine;
      const key = `live:${PLATFORM_SYMBOL}`;
      const ref = engine.reference("live", PLATFORM_SYMBOL);
      expect(ref).toBeGreaterThan(0);
      const scale = 10 ** inst.pricePrecision;
      // a fair price above the reference: the reference
      ex.simulator.pins.set(key, (ref * 2) / scale);
      expect(engine.deductPrice("live")).toBe(BigInt(ref) * perTick);
      // below it: the fair price
      ex.simulator.pins.set(key, Math.floor(ref / 2) / scale);
      expect(engine.deductPrice("live")).toBe(BigInt(Math.floor(ref / 2)) * perTick);

      // fair at the reference; two colluders print 3 % above it
      ex.simulator.pins.set(key, ref / scale);
      const high = Math.floor(ref * 1.03);
      const ch = newChange();
      engine.transfer("live", TREASURY, "c1", PLATFORM_COIN, 100n * 10n ** 8n, ["DEPOSIT", "DEPOSIT"], "deposit", ch);
      engine.transfer("live", TREASURY, "c2", "USDT", 10_000n * 10n ** 8n, ["DEPOSIT", "DEPOSIT"], "deposit", ch);
      engine.place(
        newOrder(engine.ids, { env: "live", userId: "c1", symbol: PLATFORM_SYMBOL, side: "sell", type: "limit", price: high, size: 100 }),
        ch,
      );
      engine.place(
        newOrder(engine.ids, { env: "live", userId: "c2", symbol: PLATFORM_SYMBOL, side: "buy", type: "limit", price: high, size: 100 }),
        ch,
      );
      expect(ch.fills).toHaveLength(1);
      expect(engine.reference("live", PLATFORM_SYMBOL)).toBe(high);
      expect(engine.deductPrice("live")).toBe(BigInt(ref) * perTick);
      // a low print lowers it: the payers pay more coins
      const low = Math.floor(ref * 0.99);
      engine.place(
        newOrder(engine.ids, { env: "live", userId: "c1", symbol: PLATFORM_SYMBOL, side: "sell", type: "limit", price: low, size: 100 }),
        ch,
      );
      engine.place(
        newOrder(engine.ids, { env: "live", userId: "c2", symbol: PLATFORM_SYMBOL, side: "buy", type: "limit", price: low, size: 100 }),
        ch,
      );
      expect(engine.deductPrice("live")).toBe(BigInt(low) * perTick);
    } finally {
      ex.close();
      db.close();
    }
  });

  it("keeps the switch across a restart", () => {
    const first = openExchangeBase("gt-switch-", []);
    first.ex.svc.setFeeDeduct("u1", true);
    first.ex.svc.setFeeDeduct("u2", true);
    first.ex.svc.setFeeDeduct("u2", false);
    first.ex.close();
    first.db.close();
    const again = openExchangeBase("gt-switch-", [], first.dir);
    try {
      expect(again.ex.svc.feeDeduct("u1")).toBe(true);
      expect(again.ex.svc.feeDeduct("u2")).toBe(false);
      expect(again.ex.svc.engine.deducts("u1")).toBe(true);
    } finally {
      again.ex.close();
      again.db.close();
    }
  });
});
