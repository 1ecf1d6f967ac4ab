/**
 * Margin durability (docs/decisions/320): kill -9 in the middle of a load of loans, repayments
 * and margin orders loses no acknowledged loan or order, and what is read back balances: every
 * coin's ledger adds up to zero and each debt is its loans less the principal repaid.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { MARGIN_CROSSED as C } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { killNineSuite } from "../setup/crash.ts";

const crash = killNineSuite();

describe("margin durability", () => {
  it("keeps every acknowledged loan, repayment and order across kill -9, and the ledger still balances", async () => {
    const { dir, gateway: g1 } = await crash.start();
    const c1 = new Client(g1.base, makeKey(dir, "mg-crash"));
    const t = await c1.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "crossed_margin", amount: "50000", coin: "USDT" });
    expect(t.body.code).toBe("00000");
    const loans = new Set<string>();
    const repays = new Set<string>();
    const orders = new Map<string, string>();
    await crash.loadThenKill(g1, 6, async (i) => {
      if (i % 3 === 0) {
        const r = await c1.post<{ loanId: string }>(C.borrow, { coin: "USDT", borrowAmount: "3" });
        if (r.body.code === "00000") loans.add(r.body.data.loanId);
      } else if (i % 3 === 1) {
        const r = await c1.post<{ repayId: string }>(C.repay, { coin: "USDT", repayAmount: "1" });
        if (r.body.code === "00000") repays.add(r.body.data.repayId);
      } else {
        const clientOid = `m${i}`;
        const r = await c1.post<{ orderId: string }>(C.placeOrder, {
          symbol: "BTCUSDT",
          orderType: "limit",
          price: "20000",
          loanType: i % 4 === 0 ? "autoLoan" : "normal",
          baseSize: "0.001",
          side: "buy",
          clientOid,
        });
        if (r.body.code === "00000") orders.set(clientOid, r.body.data.orderId);
      }
    });
    expect(loans.size).toBeGreaterThan(5);
    expect(orders.size).toBeGreaterThan(5);

    const g2 = await crash.restart(dir);
    const c2 = new Client(g2.base, c1.key);
    // every page of a history, following Bitget's idLessThan cursor
    const all = async <T>(path: string, field: keyof T) => {
      const out = new Set<string>();
      let cursor = "";
      for (;;) {
        const r = await c2.get<{ resultList: T[]; minId: string }>(`${path}?limit=100${cursor ? `&idLessThan=${cursor}` : ""}`);
        for (const x of r.body.data.resultList) out.add(String(x[field]));
        if (r.body.data.resultList.length < 100) return out;
        cursor = r.body.data.minId;
      }
    };
    const seen = await all<{ loanId: string }>(C.borrowHistory, "loanId");
    for (const id of loans) expect(seen.has(id), id).toBe(true);
    const seenRepays = await all<{ repayId: string }>(C.repayHistory, "repayId");
    for (const id of repays) expect(seenRepays.has(id), id).toBe(true);
    for (const [clientOid, orderId] of orders) {
      const dup = await c2.post(C.placeOrder, {
        symbol: "BTCUSDT",
        orderType: "limit",
        price: "20000",
        loanType: "normal",
        baseSize: "0.001",
        side: "buy",
        clientOid,
      });
      expect(dup.body.code, `${clientOid} ${orderId}`).toBe("43118");
    }

    const db = new Database(join(dir, "gateway.sqlite"), { readonly: true });
    db.defaultSafeIntegers(true);
    try {
      const sums = db.prepare("SELECT env, coin, sum(available + frozen) AS s FROM ex_balances GROUP BY env, coin").all() as Array<{
        env: string;
        coin: string;
        s: bigint;
      }>;
      for (const r of sums) expect(r.s, `${r.env} ${r.coin}`).toBe(0n);
      const row = db
        .prepare("SELECT principal FROM mg_loans WHERE env = 'live' AND account = 'mg-crash#crossed' AND coin = 'USDT'")
        .get() as { principal: bigint } | undefined;
      const lent = db
        .prepare(
          "SELECT coalesce(sum(CASE WHEN kind = 'borrow' THEN amount ELSE -principal END), 0) AS p FROM mg_records WHERE env = 'live' AND user_id = 'mg-crash' AND mode = 'crossed' AND coin = 'USDT' AND kind IN ('borrow', 'repay')",
        )
        .get() as { p: bigint };
      expect(row?.principal ?? 0n).toBe(lent.p);
    } finally {
      db.close();
    }
  });
});
