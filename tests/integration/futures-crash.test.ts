/**
 * Futures durability (docs/decisions/312): kill -9 in the middle of a load of futures orders
 * loses no acknowledged order, duplicates none, and the ledger read back is conserved to the unit.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { MIX, MIX_PRIVATE } from "../../protocol/mix.ts";
import { killNineSuite } from "../setup/crash.ts";
import { openFutures } from "../setup/futures.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";

const crash = killNineSuite();

const BTC = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" };

describe("futures durability", () => {
  it("loses and duplicates nothing across kill -9 mid-load, and the ledger still balances", async () => {
    const { dir, gateway: g1 } = await crash.start();
    const c1 = await openFutures(new Client(g1.base, makeKey(dir, "fx-crash")));
    expect(
      (await c1.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "200000", coin: "USDT" })).body.code,
    ).toBe("00000");
    const mark = Number(
      (await c1.get<Array<{ markPrice: string }>>(`${MIX.ticker}?symbol=BTCUSDT&productType=USDT-FUTURES`)).body.data[0]!.markPrice,
    );
    const acked = new Map<string, string>();
    await crash.loadThenKill(g1, 6, async (i) => {
      const clientOid = `f${i}`;
      const body =
        i % 4 === 3
          ? { ...BTC, size: "0.01", side: i % 8 === 3 ? "buy" : "sell", orderType: "market", clientOid }
          : { ...BTC, size: "0.001", side: "buy", orderType: "limit", price: (mark * 0.97 - (i % 50)).toFixed(2), clientOid };
      const r = await c1.post<{ orderId: string }>(MIX_PRIVATE.placeOrder, body);
      if (r.body.code === "00000") acked.set(clientOid, r.body.data.orderId);
    });
    expect(acked.size).toBeGreaterThan(10);

    const g2 = await crash.restart(dir);
    const c2 = await openFutures(new Client(g2.base, makeKey(dir, "fx-crash-2")));
    const c1b = new Client(g2.base, c1.key);
    for (const [clientOid, orderId] of acked) {
      const r = await c1b.get<{ orderId: string }>(`${MIX_PRIVATE.detail}?symbol=BTCUSDT&productType=USDT-FUTURES&clientOid=${clientOid}`);
      expect(r.body.data?.orderId, clientOid).toBe(orderId);
      const dup = await c1b.post(MIX_PRIVATE.placeOrder, {
        ...BTC,
        size: "0.001",
        side: "buy",
        orderType: "limit",
        price: (mark * 0.9).toFixed(2),
        clientOid,
      });
      expect(dup.body.code).toBe("43118");
    }
    expect((await c2.get(`${MIX_PRIVATE.accounts}?productType=USDT-FUTURES`)).body.code).toBe("00000");
    // conservation read from the database: every position is matched by an opposite one, and the
    // balances less the long and plus the short entry values are what spot moved in
    const db = new Database(join(dir, "gateway.sqlite"), { readonly: true });
    db.defaultSafeIntegers(true);
    try {
      const sides = db
        .prepare("SELECT hold_side, sum(size) AS s, sum(cost) AS c FROM fx_positions WHERE env = 'live' GROUP BY hold_side")
        .all() as Array<{
        hold_side: string;
        s: bigint;
        c: bigint;
      }>;
      const long = sides.find((r) => r.hold_side === "long") ?? { s: 0n, c: 0n };
      const short = sides.find((r) => r.hold_side === "short") ?? { s: 0n, c: 0n };
      expect(long.s).toBe(short.s);
      const balances = (db.prepare("SELECT sum(balance) AS b FROM fx_accounts WHERE env = 'live'").get() as { b: bigint }).b;
      const bridge = (
        db.prepare("SELECT available FROM ex_balances WHERE env = 'live' AND user_id = 'usdt-futures' AND coin = 'USDT'").get() as {
          available: bigint;
        }
      ).available;
      expect(balances - long.c + short.c).toBe(bridge);
      // the open orders hold exactly the frozen margin
      const frozen = (db.prepare("SELECT frozen FROM fx_accounts WHERE env = 'live' AND user_id = 'fx-crash'").get() as { frozen: bigint })
        .frozen;
      const held = (
        db
          .prepare(
            "SELECT coalesce(sum(margin), 0) AS m FROM fx_orders WHERE env = 'live' AND user_id = 'fx-crash' AND status IN ('live', 'partially_filled')",
          )
          .get() as {
          m: bigint;
        }
      ).m;
      expect(frozen).toBe(held);
    } finally {
      db.close();
    }
  }, 120_000);
});
