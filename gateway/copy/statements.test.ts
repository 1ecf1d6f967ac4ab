/**
 * Copy statements (docs/decisions/358): the pages of closed copies both sides read — the follower's
 * copies with their profit share, the lead's share per copy that paid one — with the filters in SQL
 * (pair, trader, close-time window, cursor), so a page is full unless it is the last; and the rows a
 * copied fill writes many to a statement come back as written after a restart.
 */
import { afterAll, describe, expect, it } from "vitest";
import { FUTURES_AGREEMENT_VERSION, FUTURES_QUIZ } from "../../protocol/futures-opening.ts";
import { migrate } from "../db/database.ts";
import { CONTRACTS } from "../futures/contracts.ts";
import type { OrderRequest } from "../futures/service.ts";
import { closeFuturesWorlds, futuresWorld, marketRequest, limitRequest } from "../futures/testing.ts";
import type { Futures } from "../futures/futures.ts";
import { CopyService } from "./service.ts";
import { COPY_MIGRATIONS, CopyStore, type TrackHistoryQuery } from "./store.ts";

afterAll(closeFuturesWorlds);

const BTC = CONTRACTS[0]!;
const USDT = 100_000_000n;
const RIGHT = Object.fromEntries(FUTURES_QUIZ.map((q) => [q.id, q.answer]));
/** More than one multi-row statement's worth (64) of followers, and a remainder. */
const FOLLOWERS = 70;

const limit = (side: "buy" | "sell", price: number, size: number, over: Partial<OrderRequest> = {}): OrderRequest =>
  limitRequest(BTC.symbol, side, price, size, over);

function setMark(fx: Futures, mark: number): void {
  const svc = fx.svc;
  fx.market.price("live", BTC.symbol).mark = mark;
  for (const o of svc.ordersOf("live", "mm")) svc.cancel("live", "mm", { orderId: o.id });
  svc.place("live", "mm", limit("buy", mark - 1, 5_000_000));
  svc.place("live", "mm", limit("sell", mark + 1, 5_000_000));
}

function world() {
  const w = futuresWorld();
  migrate(w.db, COPY_MIGRATIONS);
  const make = () =>
    new CopyService({
      store: new CopyStore(w.db),
      futures: w.fx,
      config: { leadMinEquity: 100n * USDT, leadMinAgeMs: 0, maxProfitSharePpm: 100_000, maxFollowers: 1_000 },
      registeredAt: () => 0,
      log: (err) => {
        throw err;
      },
    });
  const fund = (user: string) => {
    w.fx.svc.transfer("live", user, true, 10_000n * USDT, `${user}-in`);
    w.fx.opening.open(user, FUTURES_AGREEMENT_VERSION, RIGHT);
  };
  return { w, make, fund };
}

const q = (over: Partial<TrackHistoryQuery>): TrackHistoryQuery => ({
  env: "live",
  userId: "lead",
  before: Number.MAX_SAFE_INTEGER,
  limit: 100,
  by: "user",
  role: "follow",
  statuses: ["closed", "detached"],
  start: 0,
  end: Number.MAX_SAFE_INTEGER,
  ...over,
});

describe("copy statements", () => {
  it("lists each side's closed copies and the lead's share per copy, filtered in SQL, and as written after a restart", () => {
    const { w, make, fund } = world();
    const fx = w.fx;
    const copy = make();
    w.fx.svc.transfer("live", "mm", true, 90_000n * USDT, "mm-in");
    const mark0 = fx.market.price("live", BTC.symbol).mark;
    setMark(fx, mark0);
    fund("lead");
    copy.apply("live", "lead", 100_000);
    const ids = Array.from({ length: FOLLOWERS }, (_, i) => `f${i}`);
    for (const id of ids) {
      fund(id);
      copy.follow("live", id, "lead", [{ symbol: BTC.symbol, traceType: "percent", ratioPpm: 1_000_000, amount: 0n, maxPerOrder: 0n }], 0n);
    }
    const lots = Math.round((100 / (mark0 / 100)) * 1e6);
    fx.svc.place("live", "lead", marketRequest(BTC.symbol, "buy", lots, { tradeSide: "open" }));
    copy.drain();
    const t0 = Date.now();
    // the price rises 5 %: every copy closes with a profit and pays the lead a tenth of its net
    setMark(fx, Math.round(mark0 * 1.05));
    fx.svc.place("live", "lead", marketRequest(BTC.symbol, "buy", lots, { tradeSide: "close" }));
    copy.drain();

    const paid = copy.trackHistory(q({ by: "lead", paid: true }));
    expect(paid).toHaveLength(FOLLOWERS);
    expect(new Set(paid.map((t) => t.userId))).toEqual(new Set(ids));
    for (const t of paid) {
      const net = t.realised - t.openFee - t.closeFee;
      expect(net).toBeGreaterThan(0n);
      expect(t.shared).toBe((net * 100_000n) / 1_000_000n);
      expect(t.status).toBe("closed");
      expect(t.closeTime).toBeGreaterThanOrEqual(t0);
    }
    // the lead's statement adds up to its income bills, and each follower's copy to its payment
    const sum = (user: string, type: string) =>
      (
        w.db
          .prepare("SELECT COALESCE(SUM(amount), 0) AS s FROM fx_bills WHERE env = 'live' AND user_id = ? AND business_type = ?")
          .safeIntegers(true)
          .get(user, type) as { s: bigint }
      ).s;
    expect(paid.reduce((a, t) => a + t.shared, 0n)).toBe(sum("lead", "tracking_trader_income"));
    const mine = copy.trackHistory(q({ userId: "f3" }));
    expect(mine).toHaveLength(1);
    expect(-sum("f3", "tracking_follow_pay")).toBe(mine[0]!.shared);
    // the lead's own track is its history, not a follower's
    expect(copy.trackHistory(q({ role: "lead", statuses: ["closed"] }))).toHaveLength(1);
    expect(copy.trackHistory(q({ role: "follow" }))).toHaveLength(0);

    // filters: a pair, a trader, a window that ends before the close, and another user's id as the lead
    expect(copy.trackHistory(q({ userId: "f3", symbol: "ETHUSDT" }))).toEqual([]);
    expect(copy.trackHistory(q({ userId: "f3", leadId: "someone" }))).toEqual([]);
    expect(copy.trackHistory(q({ userId: "f3", leadId: "lead" }))).toHaveLength(1);
    expect(copy.trackHistory(q({ by: "lead", paid: true, end: t0 - 1 }))).toEqual([]);
    expect(copy.trackHistory(q({ by: "lead", userId: "f3", paid: true }))).toEqual([]);
    // pages are full and follow on from the cursor
    const first = copy.trackHistory(q({ by: "lead", paid: true, limit: 64 }));
    const rest = copy.trackHistory(q({ by: "lead", paid: true, limit: 64, before: first[first.length - 1]!.id }));
    expect(first).toHaveLength(64);
    expect(rest).toHaveLength(FOLLOWERS - 64);
    expect([...first, ...rest].map((t) => t.id)).toEqual(paid.map((t) => t.id));

    // the copies' orders, fills and bills (written 64 rows a statement) are there after a restart, marked as copies
    const orders = w.db.prepare("SELECT COUNT(*) AS n FROM fx_orders WHERE source = 'COPY' AND client_oid LIKE 'copy%'").get() as {
      n: number;
    };
    expect(orders.n).toBe(2 * FOLLOWERS);
    const records = copy.records({ env: "live", userId: "f69", before: Number.MAX_SAFE_INTEGER, limit: 10 });
    expect(records.map((r) => [r.action, r.status])).toEqual([
      ["close", "placed"],
      ["open", "placed"],
    ]);
    const again = make();
    expect(again.trackHistory(q({ by: "lead", paid: true }))).toEqual(paid);
  });
});
