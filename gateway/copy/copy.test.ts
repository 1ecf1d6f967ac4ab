/**
 * Copy trading's money rules (docs/decisions/356), as properties over random lead sequences with
 * several followers: each copy is proportional within rounding, money is conserved with the profit
 * share, a follower's loss limit is never exceeded by more than one step of the market, and a
 * follower the engine refuses gets a recorded refusal with the engine's code.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { FUTURES_AGREEMENT_VERSION, FUTURES_QUIZ } from "../../protocol/futures-opening.ts";
import { migrate } from "../db/database.ts";
import { notional } from "../exchange/instruments.ts";
import { CONTRACTS } from "../futures/contracts.ts";
import type { OrderRequest } from "../futures/service.ts";
import { closeFuturesWorld, closeFuturesWorlds, futuresWorld, liveEquity, marketRequest, limitRequest, turn } from "../futures/testing.ts";
import type { Futures } from "../futures/futures.ts";
import { CopyService, COPY_SOURCE, SHARE_BILLS, type PairSetting } from "./service.ts";
import { COPY_MIGRATIONS, CopyStore } from "./store.ts";

afterAll(closeFuturesWorlds);

const BTC = CONTRACTS[0]!;
const USDT = 100_000_000n;
const RIGHT = Object.fromEntries(FUTURES_QUIZ.map((q) => [q.id, q.answer]));

function copyWorld(dir?: string) {
  const w = futuresWorld(dir);
  migrate(w.db, COPY_MIGRATIONS);
  const store = new CopyStore(w.db);
  const copy = new CopyService({
    store,
    futures: w.fx,
    config: { leadMinEquity: 100n * USDT, leadMinAgeMs: 0, maxProfitSharePpm: 100_000 },
    registeredAt: () => 0,
    log: (err) => {
      throw err;
    },
  });
  const fx = w.fx;
  const svc = fx.svc;
  const fund = (user: string, usdt: bigint, open = true) => {
    if (dir) throw new Error("a reopened world keeps its funds");
    svc.transfer("live", user, true, usdt * USDT, `${user}-in`);
    if (open) fx.opening.open(user, FUTURES_AGREEMENT_VERSION, RIGHT);
  };
  return { w, fx, svc, copy, store, fund };
}

const limit = (side: "buy" | "sell", price: number, size: number, over: Partial<OrderRequest> = {}): OrderRequest =>
  limitRequest(BTC.symbol, side, price, size, over);

/** The market maker's quotes around the mark: deep enough for every lead and copy of a step. */
function quote(fx: Futures, mark: number): void {
  const svc = fx.svc;
  for (const o of svc.ordersOf("live", "mm")) svc.cancel("live", "mm", { orderId: o.id });
  const lots = 5_000_000;
  svc.place("live", "mm", limit("buy", mark - 1, lots));
  svc.place("live", "mm", limit("sell", mark + 1, lots));
}

function setMark(fx: Futures, mark: number): void {
  fx.market.price("live", BTC.symbol).mark = mark;
  quote(fx, mark);
  for (const l of fx.market.markListeners) l("live", BTC, fx.market.price("live", BTC.symbol));
}

const percent = (pct: number, maxPerOrder = 0n): PairSetting => ({
  symbol: BTC.symbol,
  traceType: "percent",
  ratioPpm: pct * 10_000,
  amount: 0n,
  maxPerOrder,
});

describe("lead and follow", () => {
  it("refuses a lead below the equity minimum, a follower that leads, and a follow of a non-lead", () => {
    const { copy, fund } = copyWorld();
    fund("poor", 50n);
    expect(() => copy.apply("live", "poor")).toThrow(/at least 100 USDT/);
    fund("lead", 1_000n);
    fund("other", 1_000n);
    expect(() => copy.apply("live", "lead", 200_000)).toThrow(/profitShareRatio/);
    copy.apply("live", "lead", 100_000);
    expect(() => copy.follow("live", "other", "nobody", [percent(100)], 0n)).toThrow(/traderId/);
    expect(() => copy.follow("live", "lead", "lead", [percent(100)], 0n)).toThrow(/cannot follow/);
    copy.follow("live", "other", "lead", [percent(100)], 0n);
    expect(() => copy.apply("live", "other")).toThrow(/Followers cannot lead/);
  });
});

describe("the lead's account age", () => {
  it("asks for the age on live and not on demo, where a paper competition's leaders may lead", () => {
    const w = futuresWorld();
    migrate(w.db, COPY_MIGRATIONS);
    const copy = new CopyService({
      store: new CopyStore(w.db),
      futures: w.fx,
      config: { leadMinEquity: 100n * USDT, leadMinAgeMs: 30 * 86_400_000, maxProfitSharePpm: 100_000 },
      registeredAt: () => Date.now() - 86_400_000,
      log: (err) => {
        throw err;
      },
    });
    for (const env of ["live", "paper"] as const) {
      w.fx.svc.transfer(env, "young", true, 1_000n * USDT, `young-${env}`);
      w.fx.opening.open("young", FUTURES_AGREEMENT_VERSION, RIGHT);
    }
    expect(() => copy.apply("live", "young")).toThrow(/30 days old/);
    expect(copy.apply("paper", "young")).toMatchObject({ env: "paper", userId: "young" });
    expect(copy.lead("live", "young")).toBeUndefined();
  });
});

describe("copy trading properties", () => {
  it("mirrors random lead sequences proportionally, conserves money with the profit share, stops at the loss limit, and records refusals", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            move: fc.integer({ min: -150, max: 150 }),
            action: fc.constantFrom("openLong", "openShort", "closeLong", "closeShort", "closeAllLong"),
            lots: fc.integer({ min: 1, max: 400 }),
          }),
          { minLength: 3, maxLength: 14 },
        ),
        fc.integer({ min: 10, max: 300 }),
        async (steps, ratioPct) => {
          await turn();
          const { w, fx, svc, copy, store, fund } = copyWorld();
          try {
            const mark0 = fx.market.price("live", BTC.symbol).mark;
            svc.transfer("live", "mm", true, 90_000n * USDT, "mm-in");
            quote(fx, mark0);
            fund("lead", 50_000n);
            copy.apply("live", "lead", 100_000);
            // a rich ratio follower, a half-size one, a capped one with a loss limit, a poor one, and one without futures opened
            fund("f-ratio", 50_000n);
            fund("f-half", 50_000n);
            fund("f-limit", 50_000n);
            fund("f-poor", 1n);
            fund("f-closed", 50_000n, false);
            copy.follow("live", "f-ratio", "lead", [percent(ratioPct)], 0n);
            copy.follow("live", "f-half", "lead", [percent(50)], 0n);
            copy.follow("live", "f-limit", "lead", [percent(100)], 20n * USDT);
            copy.follow("live", "f-poor", "lead", [percent(100)], 0n);
            copy.follow("live", "f-closed", "lead", [percent(100)], 0n);
            const lotValue = (lots: number) => notional(BTC.inst, mark0, lots);
            const base = lotsOf(fx, 60);
            const equity0 = liveEquity(fx);
            let mark = mark0;
            let leadFills = 0;
            const peak = new Map<number, bigint>();
            for (const s of steps) {
              mark = Math.max(1, mark + Math.round((mark * s.move) / 10_000));
              setMark(fx, mark);
              copy.drain();
              const size = base * s.lots;
              const long = svc.position("live", "lead", BTC.symbol, "long")?.size ?? 0;
              const short = svc.position("live", "lead", BTC.symbol, "short")?.size ?? 0;
              const req =
                s.action === "openLong"
                  ? marketRequest(BTC.symbol, "buy", size, { tradeSide: "open" })
                  : s.action === "openShort"
                    ? marketRequest(BTC.symbol, "sell", size, { tradeSide: "open" })
                    : s.action === "closeLong" && long > 0
                      ? marketRequest(BTC.symbol, "buy", Math.min(long, Math.ceil(long / 2)), { tradeSide: "close" })
                      : s.action === "closeAllLong" && long > 0
                        ? marketRequest(BTC.symbol, "buy", long, { tradeSide: "close" })
                        : s.action === "closeShort" && short > 0
                          ? marketRequest(BTC.symbol, "sell", short, { tradeSide: "close" })
                          : undefined;
              if (!req) continue;
              const o = svc.place("live", "lead", req);
              leadFills++;
              copy.drain();
              // every open copy of the ratio follower is the lead's filled lots times the ratio, rounded down
              if (req.tradeSide === "open")
                for (const r of store.records({ env: "live", userId: "f-ratio", before: 1e12, limit: 1 }))
                  if (r.leadOrderId === o.id && r.status === "placed") expect(r.size).toBe(Math.floor((o.filled * ratioPct) / 100));
              // the lead flat on a side: so is every copy of it
              for (const side of ["long", "short"] as const)
                if (!svc.position("live", "lead", BTC.symbol, side))
                  expect(copy.openCopies("live", "f-ratio").filter((t) => t.holdSide === side)).toEqual([]);
              // proportional within rounding: one lot per lead fill
              for (const side of ["long", "short"] as const) {
                const lead = copy.openLeadTracks("live", "lead").find((t) => t.holdSide === side)?.size ?? 0;
                const f = copy.openCopies("live", "f-half").find((t) => t.holdSide === side)?.size ?? 0;
                expect(Math.abs(f - lead / 2)).toBeLessThanOrEqual(leadFills);
              }
              // the share is a tenth of the copy's best net so far and never more: a later loss claws nothing back,
              // and a profitable close after losing ones pays only on the copy's net gain
              for (const t of store.tracks({ env: "live", userId: "f-ratio", before: 1e12, limit: 1000 }, "follow", ["closed", "open"])) {
                const net = t.realised - t.closeFee - (t.openedSize > 0 ? (t.openFee * BigInt(t.closedSize)) / BigInt(t.openedSize) : 0n);
                const best = peak.get(t.id) ?? 0n;
                if (net > best) peak.set(t.id, net);
                expect(t.shared * 10n).toBeLessThanOrEqual(net > best ? net : best);
              }
              // an active follow with a loss limit is below it after every step
              const lim = copy.followsOf("live", "f-limit")[0];
              if (lim) expect(-copy.followResult(lim)).toBeLessThan(20n * USDT);
            }
            // money is conserved: the share moved inside the ledger, nothing created or destroyed
            expect(liveEquity(fx)).toBe(equity0);
            const bills = fx.store.db
              .prepare(
                "SELECT business_type AS business, SUM(amount) AS s FROM fx_bills WHERE business_type IN (?, ?) GROUP BY business_type",
              )
              .safeIntegers(true)
              .all(...SHARE_BILLS) as Array<{ business: string; s: bigint }>;
            const paid = bills.find((b) => b.business === SHARE_BILLS[0])?.s ?? 0n;
            const earned = bills.find((b) => b.business === SHARE_BILLS[1])?.s ?? 0n;
            expect(paid).toBe(-earned);
            const shared = fx.store.db.prepare("SELECT COALESCE(SUM(shared), 0) AS s FROM copy_tracks").safeIntegers(true).get() as {
              s: bigint;
            };
            expect(earned).toBe(shared.s);
            // a stopped follow: no copy opened after it stopped, and the loss beyond the limit is at most one step's
            const limRows = fx.store.db
              .prepare("SELECT * FROM copy_follows WHERE follower_id = 'f-limit'")
              .safeIntegers(true)
              .all() as Array<{
              status: string;
              net: bigint;
              updated_at: bigint;
            }>;
            const limRow = limRows[0]!;
            if (limRow.status === "stopped") {
              expect(copy.openCopies("live", "f-limit")).toEqual([]);
              // one step moves the mark by at most 1.5 %, on at most the largest copy the lead could open twice (both sides)
              const oneStep = (lotValue(base * 400 * 2) * 3n) / 200n + lotValue(base * 400 * 2) / 100n;
              expect(-limRow.net).toBeLessThanOrEqual(20n * USDT + oneStep);
            }
            // copies are marked as copies
            for (const o of svc.ordersOf("live", "f-ratio")) expect(o.source).toBe(COPY_SOURCE);
            // refusals are recorded with the engine's code: no margin, futures not opened
            const opens = store.records({ env: "live", userId: "f-poor", before: 1e12, limit: 1000 }).filter((r) => r.action === "open");
            const leadOpened =
              copy.openLeadTracks("live", "lead").length > 0 ||
              store.tracks({ env: "live", userId: "lead", before: 1e12, limit: 1 }, "lead", ["closed"]).length > 0;
            if (leadOpened) {
              expect(opens.length).toBeGreaterThan(0);
              for (const r of opens) expect([r.status, r.code]).toEqual(["refused", "40762"]);
              const closed = store.records({ env: "live", userId: "f-closed", before: 1e12, limit: 1000 });
              expect(closed.length).toBeGreaterThan(0);
              for (const r of closed.filter((x) => x.action === "open")) expect([r.status, r.code]).toEqual(["refused", "40301"]);
            }
          } finally {
            closeFuturesWorld(w);
          }
        },
      ),
      {
        numRuns: Number(process.env.COPY_RUNS ?? 6),
        examples: [
          // a profitable close after two losing partial closes of the same copy: the share is of the copy's net (CI, seed 797530524)
          [
            [
              { move: 0, action: "openLong", lots: 1 },
              { move: -4, action: "closeLong", lots: 1 },
              { move: 0, action: "closeLong", lots: 1 },
              { move: 17, action: "closeAllLong", lots: 1 },
              { move: 0, action: "openLong", lots: 1 },
            ],
            10,
          ],
          // a profitable partial close, then a loss on the rest: the paid share stays (seed 987316888)
          [
            [
              { move: 0, action: "openLong", lots: 1 },
              { move: 13, action: "closeLong", lots: 1 },
              { move: 0, action: "openLong", lots: 1 },
              { move: -9, action: "closeAllLong", lots: 1 },
              { move: 0, action: "openLong", lots: 1 },
            ],
            10,
          ],
        ],
      },
    );
  });
});

/** Lots worth about `usdt` at BTC's mark. */
function lotsOf(fx: Futures, usdt: number): number {
  const mark = fx.market.price("live", BTC.symbol).mark;
  return Math.max(1, Math.round((usdt / (mark / 100)) * 1e6));
}

describe("profit share", () => {
  it("moves a tenth of a profitable copy's net from follower to lead in the close's own change, and nothing on a loss", () => {
    const { fx, svc, copy, store, fund } = copyWorld();
    const mark0 = fx.market.price("live", BTC.symbol).mark;
    svc.transfer("live", "mm", true, 90_000n * USDT, "mm-in");
    setMark(fx, mark0);
    fund("lead", 10_000n);
    fund("fol", 10_000n);
    copy.apply("live", "lead", 100_000);
    copy.follow("live", "fol", "lead", [percent(200)], 0n);
    const lots = lotsOf(fx, 1_000);
    svc.place("live", "lead", marketRequest(BTC.symbol, "buy", lots, { tradeSide: "open" }));
    copy.drain();
    const copyPos = svc.position("live", "fol", BTC.symbol, "long")!;
    expect(copyPos.size).toBe(lots * 2);
    // the copy is an ordinary order of the follower, marked as a copy
    const [openRec] = store.records({ env: "live", userId: "fol", before: 1e12, limit: 1 });
    expect(openRec).toMatchObject({ action: "open", status: "placed", size: lots * 2 });
    const openOrder = fx.store.findOrder("live", "fol", { orderId: openRec!.orderId })!;
    expect(openOrder.source).toBe(COPY_SOURCE);
    expect(openOrder.clientOid).toBe(`copy${openRec!.id}`);
    // up 1 %: the lead closes half, the copy closes half of its lots
    setMark(fx, Math.round(mark0 * 1.01));
    const leadBefore = svc.account("live", "lead").balance;
    svc.place("live", "lead", marketRequest(BTC.symbol, "buy", lots / 2, { tradeSide: "close" }));
    const leadAfterOwn = svc.account("live", "lead").balance;
    const folBefore = svc.account("live", "fol").balance;
    copy.drain();
    expect(svc.position("live", "fol", BTC.symbol, "long")!.size).toBe(lots);
    const [t] = store.tracks({ env: "live", userId: "fol", before: 1e12, limit: 1 }, "follow", ["open"]);
    expect(t!.shared).toBeGreaterThan(0n);
    const closeOrder = fx.store.findOrder("live", "fol", { orderId: t!.closeOrderId })!;
    const openFeeHalf = t!.openFee / 2n;
    const net = closeOrder.profit - closeOrder.fee - openFeeHalf;
    expect(t!.shared).toBe(net / 10n);
    expect(svc.account("live", "lead").balance - leadAfterOwn).toBe(t!.shared);
    expect(svc.account("live", "fol").balance - folBefore).toBe(closeOrder.profit - closeOrder.fee - t!.shared);
    expect(leadAfterOwn).toBeGreaterThan(leadBefore);
    // the two bills share the close's transaction time and the follower's close fill
    const bills = fx.store.db
      .prepare("SELECT user_id, business_type, amount, ts FROM fx_bills WHERE business_type IN (?, ?) ORDER BY bill_id")
      .safeIntegers(true)
      .all(...SHARE_BILLS) as Array<{ user_id: string; business_type: string; amount: bigint; ts: bigint }>;
    expect(bills.map((b) => [b.user_id, b.business_type, b.amount])).toEqual([
      ["fol", SHARE_BILLS[0], -t!.shared],
      ["lead", SHARE_BILLS[1], t!.shared],
    ]);
    // down 2 %: the lead closes the rest at a loss, the copy closes whole, no share
    setMark(fx, Math.round(mark0 * 0.99));
    const sharedBefore = t!.shared;
    svc.place("live", "lead", marketRequest(BTC.symbol, "buy", lots / 2, { tradeSide: "close" }));
    copy.drain();
    expect(svc.position("live", "fol", BTC.symbol, "long")).toBeUndefined();
    const [done] = store.tracks({ env: "live", userId: "fol", before: 1e12, limit: 1 }, "follow", ["closed"]);
    expect(done!.shared).toBe(sharedBefore);
  });

  it("unfollow keeps or closes the copies as the follower chooses", () => {
    const { fx, svc, copy, fund } = copyWorld();
    const mark0 = fx.market.price("live", BTC.symbol).mark;
    svc.transfer("live", "mm", true, 90_000n * USDT, "mm-in");
    setMark(fx, mark0);
    fund("lead", 10_000n);
    fund("keep", 10_000n);
    fund("close", 10_000n);
    copy.apply("live", "lead", 0);
    copy.follow("live", "keep", "lead", [percent(100)], 0n);
    copy.follow("live", "close", "lead", [percent(100)], 0n);
    const lots = lotsOf(fx, 500);
    svc.place("live", "lead", marketRequest(BTC.symbol, "sell", lots, { tradeSide: "open" }));
    copy.drain();
    copy.unfollow("live", "keep", "lead", false);
    copy.unfollow("live", "close", "lead", true);
    expect(svc.position("live", "keep", BTC.symbol, "short")?.size).toBe(lots);
    expect(svc.position("live", "close", BTC.symbol, "short")).toBeUndefined();
    expect(() => copy.unfollow("live", "keep", "lead", true)).toThrow(/does not follow/);
    // the lead's next close no longer touches the kept position
    svc.place("live", "lead", marketRequest(BTC.symbol, "sell", lots, { tradeSide: "close" }));
    copy.drain();
    expect(svc.position("live", "keep", BTC.symbol, "short")?.size).toBe(lots);
  });
});

describe("a lead cannot hand its followers to an accomplice's quote", () => {
  it("opens copies no worse than the lead's fill plus the slippage: an accomplice's ask beyond it stays untouched", () => {
    const { fx, svc, copy, store, fund } = copyWorld();
    const mark = fx.market.price("live", BTC.symbol).mark;
    fund("lead", 10_000n);
    fund("fol", 10_000n);
    fund("accomplice", 50_000n);
    copy.apply("live", "lead", 100_000);
    copy.follow("live", "fol", "lead", [percent(100)], 0n);
    const lots = lotsOf(fx, 1_000);
    // a thin book: the accomplice sells the lead its lots at the mark, and waits 2 % higher for the followers
    svc.place("live", "accomplice", limit("sell", mark, lots));
    const trap = svc.place("live", "accomplice", limit("sell", Math.round(mark * 1.02), lots * 10));
    svc.place("live", "lead", marketRequest(BTC.symbol, "buy", lots, { tradeSide: "open" }));
    copy.drain();
    expect(svc.position("live", "lead", BTC.symbol, "long")?.size).toBe(lots);
    expect(trap.filled).toBe(0);
    expect(svc.position("live", "fol", BTC.symbol, "long")).toBeUndefined();
    const [rec] = store.records({ env: "live", userId: "fol", before: 1e12, limit: 1 });
    expect(rec).toMatchObject({ action: "open", status: "placed", size: 0, reason: "ioc remainder cancelled" });
  });
});

describe("a restart", () => {
  it("reads leads, follows and open copies back: the lead's close after a restart closes the copy", () => {
    const { w, fx, svc, copy, fund } = copyWorld();
    const mark = fx.market.price("live", BTC.symbol).mark;
    svc.transfer("live", "mm", true, 90_000n * USDT, "mm-in");
    setMark(fx, mark);
    fund("lead", 10_000n);
    fund("fol", 10_000n);
    copy.apply("live", "lead", 50_000);
    copy.follow("live", "fol", "lead", [percent(50)], 100n * USDT);
    const lots = lotsOf(fx, 1_000) * 2;
    svc.place("live", "lead", marketRequest(BTC.symbol, "sell", lots, { tradeSide: "open" }));
    copy.drain();
    expect(svc.position("live", "fol", BTC.symbol, "short")?.size).toBe(lots / 2);
    const again = copyWorld(w.dir);
    expect(again.copy.lead("live", "lead")?.profitSharePpm).toBe(50_000);
    expect(again.copy.followsOf("live", "fol")).toEqual([expect.objectContaining({ leadId: "lead", lossLimit: 100n * USDT })]);
    expect(again.copy.pairsOf(again.copy.followsOf("live", "fol")[0]!)).toEqual([percent(50)]);
    setMark(again.fx, mark);
    again.svc.place("live", "lead", marketRequest(BTC.symbol, "sell", lots, { tradeSide: "close" }));
    again.copy.drain();
    expect(again.svc.position("live", "fol", BTC.symbol, "short")).toBeUndefined();
    expect(again.copy.openCopies("live", "fol")).toEqual([]);
    expect(again.copy.openLeadTracks("live", "lead")).toEqual([]);
  });

  it("runs at the next start the copies of a lead fill that was durable when the process stopped, once", () => {
    const { w, fx, svc, copy, store, fund } = copyWorld();
    const mark = fx.market.price("live", BTC.symbol).mark;
    svc.transfer("live", "mm", true, 90_000n * USDT, "mm-in");
    setMark(fx, mark);
    fund("lead", 10_000n);
    fund("fol", 10_000n);
    copy.apply("live", "lead", 0);
    copy.follow("live", "fol", "lead", [percent(100)], 0n);
    const lots = lotsOf(fx, 1_000);
    svc.place("live", "lead", marketRequest(BTC.symbol, "buy", lots, { tradeSide: "open" }));
    // the process stops after the lead's fill is durable and before its copies ran
    copy.stop();
    copy.drain();
    expect(svc.position("live", "fol", BTC.symbol, "long")).toBeUndefined();
    expect(store.pendingJobs()).toHaveLength(1);
    // the lead's track moved in the fill's own transaction
    const again = copyWorld(w.dir);
    expect(again.copy.openLeadTracks("live", "lead")).toEqual([expect.objectContaining({ size: lots, holdSide: "long" })]);
    setMark(again.fx, mark);
    again.copy.drain();
    expect(again.svc.position("live", "fol", BTC.symbol, "long")?.size).toBe(lots);
    expect(again.store.pendingJobs()).toEqual([]);
    // and only once: a third start finds nothing left to copy
    const third = copyWorld(w.dir);
    third.copy.drain();
    expect(third.store.records({ env: "live", userId: "fol", before: 1e12, limit: 10 })).toHaveLength(1);
    expect(third.svc.position("live", "fol", BTC.symbol, "long")?.size).toBe(lots);
  });
});

describe("take profit and stop loss on copies", () => {
  it("closes a copy at its take profit and another at its stop loss, by the mark against the copy's margin; the lead's position stays", () => {
    const { fx, svc, copy, store, fund } = copyWorld();
    const mark = fx.market.price("live", BTC.symbol).mark;
    svc.transfer("live", "mm", true, 90_000n * USDT, "mm-in");
    setMark(fx, mark);
    fund("lead", 10_000n);
    fund("tp", 10_000n);
    fund("sl", 10_000n);
    copy.apply("live", "lead", 0);
    // 10x: a 50 % take profit is about a 5 % move for the long copy, a 20 % stop loss about 2 %
    for (const u of ["tp", "sl"]) {
      svc.setPositionMode("live", u, "hedge_mode");
      svc.setLeverage("live", u, BTC, 10);
    }
    copy.follow("live", "tp", "lead", [{ ...percent(100), tpPpm: 500_000 }], 0n);
    copy.follow("live", "sl", "lead", [{ ...percent(100), slPpm: 200_000 }], 0n);
    const lots = lotsOf(fx, 1_000);
    svc.place("live", "lead", marketRequest(BTC.symbol, "buy", lots, { tradeSide: "open" }));
    copy.drain();
    expect(svc.position("live", "tp", BTC.symbol, "long")?.size).toBe(lots);
    expect(svc.position("live", "sl", BTC.symbol, "long")?.size).toBe(lots);
    // down 1.5 %: neither reached
    setMark(fx, Math.round(mark * 0.985));
    expect(svc.position("live", "sl", BTC.symbol, "long")?.size).toBe(lots);
    // down 2.5 %: the stop loss (20 % of a 10x copy's margin) closes the copy, and only it
    setMark(fx, Math.round(mark * 0.975));
    expect(svc.position("live", "sl", BTC.symbol, "long")).toBeUndefined();
    expect(svc.position("live", "tp", BTC.symbol, "long")?.size).toBe(lots);
    const [slClose] = store.records({ env: "live", userId: "sl", before: 1e12, limit: 1 });
    expect(slClose).toMatchObject({ action: "close", status: "placed", reason: "stop loss", size: lots });
    // up 4 % from the start: not yet; up 6 %: the take profit closes the other copy
    setMark(fx, Math.round(mark * 1.04));
    expect(svc.position("live", "tp", BTC.symbol, "long")?.size).toBe(lots);
    setMark(fx, Math.round(mark * 1.06));
    expect(svc.position("live", "tp", BTC.symbol, "long")).toBeUndefined();
    const [tpClose] = store.records({ env: "live", userId: "tp", before: 1e12, limit: 1 });
    expect(tpClose).toMatchObject({ action: "close", status: "placed", reason: "take profit", size: lots });
    // the lead trades on, and both follows stay active for its next trade
    expect(svc.position("live", "lead", BTC.symbol, "long")?.size).toBe(lots);
    expect(copy.followsOf("live", "tp")).toHaveLength(1);
    expect(copy.openCopies("live", "tp")).toEqual([]);
  });
});

describe("sizing and a lead's forced end", () => {
  it("sizes an amount copy by its margin at the follower's leverage, caps it per order, and closes every copy when the lead is liquidated", () => {
    const { fx, svc, copy, fund } = copyWorld();
    const mark = fx.market.price("live", BTC.symbol).mark;
    svc.transfer("live", "mm", true, 90_000n * USDT, "mm-in");
    setMark(fx, mark);
    fund("lead", 200n);
    fund("amt", 10_000n);
    fund("cap", 10_000n);
    copy.apply("live", "lead", 100_000);
    svc.setLeverage("live", "lead", BTC, 50);
    copy.follow(
      "live",
      "amt",
      "lead",
      [{ symbol: BTC.symbol, traceType: "amount", ratioPpm: 0, amount: 100n * USDT, maxPerOrder: 0n }],
      0n,
    );
    svc.setLeverage("live", "amt", BTC, 10);
    copy.follow("live", "cap", "lead", [percent(1000, 300n * USDT)], 0n);
    const lots = lotsOf(fx, 5_000);
    svc.place("live", "lead", marketRequest(BTC.symbol, "buy", lots, { tradeSide: "open" }));
    copy.drain();
    const amt = svc.position("live", "amt", BTC.symbol, "long")!;
    // 100 USDT at 10x: an order value of about 1,000 USDT, never above it
    expect(Number(amt.cost) / 1e8).toBeGreaterThan(990);
    expect(Number(amt.cost) / 1e8).toBeLessThanOrEqual(1_000 * 1.006);
    // ten times the lead's 5,000 USDT, capped at 300 USDT of order value
    const cap = svc.position("live", "cap", BTC.symbol, "long")!;
    expect(Number(cap.cost) / 1e8).toBeGreaterThan(295);
    expect(Number(cap.cost) / 1e8).toBeLessThanOrEqual(300 * 1.006);
    // the mark falls 5 %: the 50x lead is liquidated, no order of its own closes it, and every copy closes
    setMark(fx, Math.round(mark * 0.95));
    copy.drain();
    expect(svc.position("live", "lead", BTC.symbol, "long")).toBeUndefined();
    expect(svc.position("live", "amt", BTC.symbol, "long")).toBeUndefined();
    expect(svc.position("live", "cap", BTC.symbol, "long")).toBeUndefined();
    expect(copy.openCopies("live", "amt")).toEqual([]);
  });
});
