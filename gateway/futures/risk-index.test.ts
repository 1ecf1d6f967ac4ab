/**
 * The liquidation index (docs/decisions/317): the price tree keeps its items in (price, tie) order
 * through inserts and removals, and a holding's band never leaves out a mark at which its margin
 * ratio reaches the warning ratio, whatever its sides, tiers and equity.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTRACTS, tierFor, type Contract } from "./contracts.ts";
import { notional } from "../exchange/instruments.ts";
import { PriceTree } from "./price-tree.ts";
import { exactBand, NO_LEG, RiskIndex, riskBand, type RiskLeg } from "./risk-index.ts";

describe("price tree", () => {
  it("walks from either end in price order and forgets what was removed", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.boolean()), { maxLength: 200 }), fc.nat(60), (ops, at) => {
        const tree = new PriceTree<number>();
        const model: Array<{ price: number; tie: number }> = [];
        const nodes: Array<ReturnType<PriceTree<number>["insert"]>> = [];
        let tie = 0;
        for (const [price, remove] of ops) {
          if (remove && nodes.length > 0) {
            const n = nodes.splice(price % nodes.length, 1)[0]!;
            tree.remove(n);
            model.splice(
              model.findIndex((m) => m.tie === n.tie),
              1,
            );
          } else {
            tie++;
            nodes.push(tree.insert(price, tie, tie));
            model.push({ price, tie });
          }
        }
        model.sort((a, b) => a.price - b.price || a.tie - b.tie);
        expect(tree.size).toBe(model.length);
        const up: number[] = [];
        tree.ascendTo(at, (t) => {
          up.push(t);
        });
        expect(up).toEqual(model.filter((m) => m.price <= at).map((m) => m.tie));
        const down: number[] = [];
        tree.descendFrom(at, (t) => {
          down.push(t);
        });
        expect(down).toEqual(
          model
            .filter((m) => m.price >= at)
            .map((m) => m.tie)
            .reverse(),
        );
      }),
    );
  });

  it("stops a walk when the visitor says so, and ignores a node removed twice", () => {
    const tree = new PriceTree<string>();
    const a = tree.insert(5, 1, "a");
    tree.insert(7, 2, "b");
    tree.insert(9, 3, "c");
    const seen: string[] = [];
    tree.ascendTo(100, (x) => {
      seen.push(x);
      return x !== "b";
    });
    expect(seen).toEqual(["a", "b"]);
    tree.remove(a);
    tree.remove(a);
    expect(tree.size).toBe(2);
  });
});

const BTC = CONTRACTS[0]!;

/** The exact test a mark update runs: maintenance / equity at least 0.8 (equity at or below zero counts). */
function warned(c: Contract, k: bigint, long: number, short: number, mark: number): boolean {
  const vl = notional(c.inst, mark, long);
  const vs = notional(c.inst, mark, short);
  const rate = (v: bigint) => BigInt(tierFor(c, Number(v / 100_000_000n)).mmrPpm);
  const maint = (vl * rate(vl) + vs * rate(vs)) / 1_000_000n;
  const equity = k + vl - vs;
  return equity <= 0n || maint * 10_000n >= equity * 8_000n;
}

function legAt(c: Contract, lots: number, mark: number): RiskLeg {
  if (lots === 0) return NO_LEG;
  const tier = tierFor(c, Number(notional(c.inst, mark, lots) / 100_000_000n));
  const last = tier === c.tiers[c.tiers.length - 1];
  return { lots: BigInt(lots), mmrPpm: tier.mmrPpm, tierEnd: last ? 0n : BigInt(tier.maxNotional) * 100_000_000n };
}

describe("risk bands", () => {
  it("put every mark at which a holding is warned or liquidated outside its band", () => {
    const mark0 = 6_000_000; // 60,000.00 in ticks
    let near = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (long, short, extra, falls, f) => {
          // k as a holding has it: its margin around the entry value of what it holds
          const k = extra - notional(BTC.inst, mark0, long) + notional(BTC.inst, mark0, short);
          if (warned(BTC, k, long, short, mark0)) return;
          const band = riskBand(k, legAt(BTC, long, mark0), legAt(BTC, short, mark0), BTC.inst.quoteUnitsPerTickLot);
          // filed from a healthy mark, the band holds it; every mark strictly inside the band is healthy,
          // probed mostly just inside its edges (f³ crowds the probes there)
          expect(band.low < mark0 && mark0 < band.high).toBe(true);
          const from = falls ? Math.max(band.low, 0) : Math.min(band.high, 3 * mark0);
          const mark = falls ? from + 1 + Math.floor(f ** 3 * (mark0 - from - 1)) : from - 1 - Math.floor(f ** 3 * (from - mark0 - 1));
          if (Math.abs(mark - from) < mark0 / 100) near++;
          expect(warned(BTC, k, long, short, mark)).toBe(false);
        },
      ),
      { numRuns: 4000 },
    );
    // the probes did reach the edges
    expect(near).toBeGreaterThan(500);
  });

  it("are the bigint definition's, exactly, when taken in floating point", () => {
    const leg = (lots: bigint, tier: number, end: boolean): RiskLeg =>
      lots === 0n
        ? NO_LEG
        : { lots, mmrPpm: BTC.tiers[tier]!.mmrPpm, tierEnd: end ? BigInt(BTC.tiers[tier]!.maxNotional) * 100_000_000n : 0n };
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 10n ** 7n }), fc.bigInt({ min: 1n, max: 10n ** 11n })),
        fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 10n ** 7n }), fc.bigInt({ min: 1n, max: 10n ** 11n })),
        fc.integer({ min: 0, max: BTC.tiers.length - 1 }),
        fc.integer({ min: 0, max: BTC.tiers.length - 1 }),
        fc.boolean(),
        fc.constantFrom(1n, 10n, 1000n, 100_000n),
        (k, long, short, tl, ts, end, unit) => {
          const l = leg(long, tl, end);
          const s = leg(short, ts, !end);
          expect(riskBand(k, l, s, unit)).toEqual(exactBand(k, l, s, unit));
        },
      ),
      { numRuns: 20000 },
    );
    // quotients that are whole numbers, or within a rounding of one, are the bigints' too
    const unit = BTC.inst.quoteUnitsPerTickLot;
    const l = leg(3n, 0, false);
    for (const k of [-(10n ** 6n) * 3n * unit, -(10n ** 15n) - 1n, -(2n ** 60n) + 1n])
      expect(riskBand(k, l, NO_LEG, unit)).toEqual(exactBand(k, l, NO_LEG, unit));
  });

  it("visit only the holdings a mark reached, each once, and none once dropped", () => {
    const index = new RiskIndex<string>();
    index.file("live:BTCUSDT", "long-a", { low: 100, high: Infinity });
    index.file("live:BTCUSDT", "long-b", { low: 90, high: 500 });
    index.file("live:BTCUSDT", "short", { low: -1, high: 120 });
    index.fileAlways("live:BTCUSDT", "multi");
    index.file("live:ETHUSDT", "other", { low: 1000, high: Infinity });
    expect(index.atRisk("live:BTCUSDT", 110).sort()).toEqual(["multi"]);
    expect(index.atRisk("live:BTCUSDT", 95).sort()).toEqual(["long-a", "multi"]);
    expect(index.atRisk("live:BTCUSDT", 600).sort()).toEqual(["long-b", "multi", "short"]);
    index.drop("long-b");
    index.file("live:BTCUSDT", "short", { low: -1, high: 700 });
    expect(index.atRisk("live:BTCUSDT", 600).sort()).toEqual(["multi"]);
    expect(index.atRisk("paper:BTCUSDT", 1)).toEqual([]);
  });

  it("keep a holding where it is filed after a change while its filed band is the tighter one, and file it a quarter nearer the mark otherwise", () => {
    const index = new RiskIndex<string>();
    const stamp = { k: 0n, long: 1n, short: 0n };
    const at = (mark: number) => index.atRisk("live:BTCUSDT", mark);
    // from a mark of 300: filed at 150 and 450 (a quarter of 200 and of 200 nearer)
    index.refile("live:BTCUSDT", "long", { low: 100, high: 500 }, stamp, 300);
    expect([at(151), at(150), at(449), at(450)]).toEqual([[], ["long"], [], ["long"]]);
    // a wider band: it stays where it is (visited early, never late)
    index.refile("live:BTCUSDT", "long", { low: 90, high: 600 }, stamp, 300);
    expect([at(151), at(150), at(449), at(450)]).toEqual([[], ["long"], [], ["long"]]);
    // a band tighter on either side is filed anew: 160 and 600 from 300 are filed at 195 and 525
    index.refile("live:BTCUSDT", "long", { low: 160, high: 600 }, stamp, 300);
    expect([at(196), at(195), at(524), at(525)]).toEqual([[], ["long"], [], ["long"]]);
    // a side that cannot be reached stays so; one visited on every mark update is filed by its band
    index.fileAlways("live:BTCUSDT", "long");
    index.refile("live:BTCUSDT", "long", { low: 90, high: Infinity }, stamp, 300);
    expect([at(143), at(142), at(10_000)]).toEqual([[], ["long"], []]);
  });
});
