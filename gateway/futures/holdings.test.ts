/**
 * The balance check's kept figures (docs/decisions/317, fourth pass): after random transfers,
 * settings, orders in two contracts (one-way and hedge, isolated and crossed), cancels, funding,
 * margin changes, mark moves with and without the liquidation check, and a restart, what an
 * account may use equals the same figure summed from scratch over its positions at the marks.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { CONTRACTS } from "./contracts.ts";
import { upnl } from "./ledger.ts";
import type { FuturesService } from "./service.ts";
import { closeFuturesWorlds, futuresWorld } from "./testing.ts";

afterAll(closeFuturesWorlds);

const USERS = ["h-ann", "h-ben", "h-cat"];

/** `available` as it was computed per order: balance − frozen − position margins + crossed losses, at least 0. */
function fromScratch(svc: FuturesService, user: string): bigint {
  const a = svc.account("live", user);
  let used = 0n;
  let cross = 0n;
  for (const p of svc.positionsOf("live", user)) {
    used += svc.positionMargin(p);
    if (p.marginMode !== "isolated") cross += upnl(p, svc.markValue(p));
  }
  const available = a.balance - a.frozen - used + (cross < 0n ? cross : 0n);
  return available < 0n ? 0n : available;
}

const op = fc.oneof(
  fc.record({ k: fc.constant("in"), u: fc.nat(2), amount: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ k: fc.constant("out"), u: fc.nat(2), amount: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({ k: fc.constant("lever"), u: fc.nat(2), lever: fc.integer({ min: 1, max: 130 }), c: fc.nat(1) }),
  fc.record({ k: fc.constant("mode"), u: fc.nat(2), isolated: fc.boolean(), c: fc.nat(1) }),
  fc.record({ k: fc.constant("pos"), u: fc.nat(2), hedge: fc.boolean() }),
  fc.record({
    k: fc.constant("order"),
    u: fc.nat(2),
    c: fc.nat(1),
    buy: fc.boolean(),
    market: fc.boolean(),
    close: fc.boolean(),
    force: fc.constantFrom("gtc", "ioc"),
    away: fc.integer({ min: -300, max: 300 }),
    usdt: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.record({ k: fc.constant("cancel"), u: fc.nat(2), i: fc.nat(20) }),
  fc.record({ k: fc.constant("tick") }),
  fc.record({ k: fc.constant("funding"), c: fc.nat(1), rate: fc.integer({ min: -3_000, max: 3_000 }) }),
  fc.record({ k: fc.constant("mark"), c: fc.nat(1), bp: fc.integer({ min: -800, max: 800 }), check: fc.boolean() }),
  fc.record({ k: fc.constant("margin"), u: fc.nat(2), c: fc.nat(1), long: fc.boolean(), amount: fc.integer({ min: -500, max: 500 }) }),
);

describe("the balance check's kept figures", () => {
  it("equal the figures summed from scratch after every operation and after a restart", () => {
    const w = futuresWorld();
    const { fx } = w;
    const svc = fx.svc;
    let n = 0;
    const check = (s: FuturesService) => {
      for (const u of USERS) expect([u, s.available("live", u)]).toEqual([u, fromScratch(s, u)]);
    };
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        for (const o of ops) {
          const user = "u" in o ? USERS[o.u]! : "";
          try {
            switch (o.k) {
              case "in":
                svc.transfer("live", user, true, BigInt(o.amount) * 10n ** 8n, `h${++n}`);
                break;
              case "out":
                svc.transfer("live", user, false, BigInt(o.amount) * 10n ** 8n, `h${++n}`);
                break;
              case "lever":
                svc.setLeverage("live", user, CONTRACTS[o.c]!, o.lever);
                break;
              case "mode":
                svc.setMarginMode("live", user, CONTRACTS[o.c]!, o.isolated ? "isolated" : "crossed");
                break;
              case "pos":
                svc.setPositionMode("live", user, o.hedge ? "hedge_mode" : "one_way_mode");
                break;
              case "order": {
                const c = CONTRACTS[o.c]!;
                const mark = fx.market.price("live", c.symbol).mark;
                const hedge = svc.account("live", user).posMode === "hedge_mode";
                const price = Math.max(1, Math.round(mark * (1 + o.away / 10_000)));
                const size = Math.max(1, Math.round((o.usdt / (mark / 10 ** c.inst.pricePrecision)) * 10 ** c.inst.quantityPrecision));
                svc.place("live", user, {
                  symbol: c.symbol,
                  side: o.buy ? "buy" : "sell",
                  tradeSide: hedge ? (o.close ? "close" : "open") : undefined,
                  orderType: o.market ? "market" : "limit",
                  force: o.force,
                  price,
                  size,
                  clientOid: "",
                  reduceOnly: !hedge && o.close,
                  source: "API",
                });
                break;
              }
              case "cancel": {
                const open = svc.ordersOf("live", user);
                const target = open[o.i % Math.max(1, open.length)];
                if (target) svc.cancel("live", user, { orderId: target.id });
                break;
              }
              case "tick":
                fx.step();
                break;
              case "funding": {
                const c = CONTRACTS[o.c]!;
                svc.settleFunding("live", c, o.rate, fx.market.price("live", c.symbol).mark, Date.now());
                break;
              }
              case "mark": {
                // a mark move alone revalues the crossed PnL; with the check it may liquidate and deleverage too
                const c = CONTRACTS[o.c]!;
                const ps = fx.market.price("live", c.symbol);
                ps.mark = Math.max(1, Math.round(ps.mark * (1 + o.bp / 10_000)));
                if (o.check) svc.checkLiquidations("live", c, Date.now());
                break;
              }
              case "margin":
                svc.changeMargin("live", user, CONTRACTS[o.c]!, o.long ? "long" : "short", BigInt(o.amount) * 10n ** 8n);
                break;
            }
          } catch (err) {
            // refusals are fine; anything but a coded refusal is a bug
            if (!(err instanceof Error) || !("code" in err)) throw err;
          }
          check(svc);
        }
      }),
      { numRuns: 40 },
    );
    // the restarted service keeps the same figures from what it loads
    const again = futuresWorld(w.dir);
    for (const c of CONTRACTS.slice(0, 2)) again.fx.market.price("live", c.symbol).mark = fx.market.price("live", c.symbol).mark;
    check(again.fx.svc);
    for (const u of USERS) expect(again.fx.svc.available("live", u)).toBe(svc.available("live", u));
  }, 120_000);
});
