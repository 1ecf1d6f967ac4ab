import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { walletChain, type WalletChain } from "../../protocol/wallet.ts";
import { migrate, openDatabase, type Db } from "../db/database.ts";
import { FEE_ACCOUNT, TREASURY } from "../exchange/engine/types.ts";
import { migrateExchange } from "../exchange/migrations.ts";
import { ExchangeService } from "../exchange/service.ts";
import { depositAddress } from "./addresses.ts";
import { WalletService } from "./service.ts";
import { WALLET_MIGRATIONS, WalletStore } from "./store.ts";

const dirs: string[] = [];
const opened: Array<{ db: Db; svc: ExchangeService }> = [];
afterEach(() => {
  // a refused withdrawal keeps a new account's funding without waiting: write it before closing
  for (const { db, svc } of opened.splice(0)) {
    if (!db.open) continue;
    svc.store.flush();
    db.close();
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const U = 10n ** 8n;
const USDT = walletChain("USDT", "TRC20") as WalletChain;
const BTC = walletChain("BTC", "BTC") as WalletChain;
const notices: Array<{ userId: string; text: string }> = [];
/** An API withdrawal of USDT on TRC20 (no second factor to prove). */
const usdtTo = (address: string, size: string, clientOid = "") =>
  ({ coin: "USDT", chain: "TRC20", address, tag: "", size, clientOid, via: "api", confirm: () => undefined }) as const;
const link = {
  hasTotp: () => true,
  requireTotp: () => undefined,
  requireWithdrawable: () => undefined,
  notify: (userId: string, _s: string, text: string) => void notices.push({ userId, text }),
  fundState: () => ({ fundSet: false, withdrawHoldUntil: 0 }),
  requireFund: async () => undefined,
};

function open(dir: string, reviewBlocks = 2) {
  const db = openDatabase(dir);
  migrateExchange(db);
  migrate(db, WALLET_MIGRATIONS);
  const svc = new ExchangeService(db, { welcomeUsdt: 0n, rateLimits: false, simulator: false });
  opened.push({ db, svc });
  svc.load();
  const wallet = new WalletService(new WalletStore(db), svc, link, { blockIntervalMs: 1000, reviewBlocks }, (err) => {
    throw err;
  });
  return { db, svc, wallet };
}

function fresh(reviewBlocks = 2) {
  const dir = mkdtempSync(join(tmpdir(), "wallet-test-"));
  dirs.push(dir);
  return { dir, ...open(dir, reviewBlocks) };
}

/** Every coin's units over every account of the ledger, the treasury's debt included: zero when nothing was made or lost. */
function ledgerSum(db: Db, coin: string): bigint {
  const r = db.prepare("SELECT coalesce(sum(available + frozen), 0) AS s FROM ex_balances WHERE coin = ?").safeIntegers(true).get(coin) as {
    s: bigint;
  };
  return r.s;
}

describe("wallet service", () => {
  it("credits a deposit once it has its network's confirmations, with one DEPOSIT bill", async () => {
    const { svc, wallet, db } = fresh();
    const d = wallet.addDeposit("live", "alice", "BTC", BTC, U / 2n);
    expect(d.state).toBe("pending");
    expect(d.to_address).toBe(wallet.address("live", "alice", "BTC", BTC).address);
    await wallet.block();
    expect(
      wallet.deposits({ env: "live", userId: "alice", coin: null, id: d.id, start: 0, end: 9e15, before: 9e15, limit: 1 })[0]?.confirm,
    ).toBe(1);
    expect(svc.engine.balance("live", "alice", "BTC").available).toBe(0n);
    await wallet.block();
    await wallet.block();
    expect(svc.engine.balance("live", "alice", "BTC").available).toBe(U / 2n);
    const bills = db.prepare("SELECT * FROM ex_bills WHERE user_id = 'alice' AND business_type = 'DEPOSIT'").all();
    expect(bills).toHaveLength(1);
    expect(
      wallet.deposits({ env: "live", userId: "alice", coin: "BTC", id: null, start: 0, end: 9e15, before: 9e15, limit: 10 })[0],
    ).toMatchObject({ state: "success", confirm: 2 });
    expect(() => wallet.addDeposit("live", "alice", "BTC", BTC, 1n)).toThrow(/minimum/);
  });

  it("holds a withdrawal with its fee, pays it out after review and confirmations, fee to the house", async () => {
    const { svc, wallet } = fresh();
    wallet.addDeposit("live", "bob", "USDT", USDT, 100n * U);
    for (let i = 0; i < USDT.depositConfirm; i++) await wallet.block();
    const to = depositAddress("another exchange", { env: "live", userId: "x", coin: "USDT", chain: "TRC20", format: "tron" }).address;
    const w = await wallet.withdraw("live", "bob", usdtTo(to, "50", "w1"));
    expect(svc.engine.balance("live", "bob", "USDT")).toMatchObject({ available: 49n * U, frozen: 51n * U });
    expect(notices.at(-1)?.text).toContain(to);
    await expect(wallet.withdraw("live", "bob", usdtTo(to, "10", "w1"))).rejects.toThrow(/clientOid/);
    await expect(wallet.withdraw("live", "bob", usdtTo(to, "100", ""))).rejects.toThrow(/Insufficient/);
    await expect(
      wallet.withdraw("live", "bob", {
        coin: "USDT",
        chain: "TRC20",
        address: to.slice(0, -1) + "x",
        tag: "",
        size: "10",
        clientOid: "",
        via: "api",
        confirm: () => undefined,
      }),
    ).rejects.toThrow(/address/);
    await expect(wallet.withdraw("live", "bob", usdtTo(to, "1", ""))).rejects.toThrow(/minimum/);
    await expect(wallet.withdraw("live", "bob", usdtTo(to, "10.1234567", ""))).rejects.toThrow(/decimals/);
    const fee0 = svc.engine.balance("live", FEE_ACCOUNT, "USDT").available;
    for (let i = 0; i < 2 + USDT.withdrawConfirm; i++) await wallet.block();
    const done = wallet.withdrawals({ env: "live", userId: "bob", coin: null, id: w.id, start: 0, end: 9e15, before: 9e15, limit: 1 })[0];
    expect(done).toMatchObject({ state: "success", confirm: USDT.withdrawConfirm });
    expect(done?.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(svc.engine.balance("live", "bob", "USDT")).toMatchObject({ available: 49n * U, frozen: 0n });
    expect(svc.engine.balance("live", FEE_ACCOUNT, "USDT").available - fee0).toBe(1n * U);
    await expect(wallet.cancel("live", "bob", w.id)).rejects.toThrow(/pending/);
  });

  it("gives back a cancelled withdrawal once, and refuses another user's", async () => {
    const { svc, wallet } = fresh(5);
    wallet.addDeposit("paper", "carol", "BTC", BTC, U);
    for (let i = 0; i < 2; i++) await wallet.block();
    const w = await wallet.withdraw("paper", "carol", {
      coin: "BTC",
      chain: "BTC",
      address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
      tag: "",
      size: "0.5",
      clientOid: "",
      via: "web",
      confirm: () => undefined,
    });
    await expect(wallet.cancel("paper", "dave", w.id)).rejects.toThrow(/does not exist/);
    await expect(wallet.cancel("live", "carol", w.id)).rejects.toThrow(/does not exist/);
    await Promise.all([wallet.cancel("paper", "carol", w.id), wallet.cancel("paper", "carol", w.id).catch(() => "refused")]);
    // the simulation account's demo BTC and the deposit, all of it back
    expect(svc.engine.balance("paper", "carol", "BTC")).toMatchObject({ available: 2n * U, frozen: 0n });
  });

  it("conserves money and credits every deposit once through deposits, withdrawals, cancels, failures and restarts", async () => {
    const op = fc.oneof(
      fc.record({ k: fc.constant("deposit" as const), user: fc.integer({ min: 0, max: 2 }), units: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ k: fc.constant("block" as const) }),
      fc.record({ k: fc.constant("withdraw" as const), user: fc.integer({ min: 0, max: 2 }), units: fc.integer({ min: 10, max: 300 }) }),
      fc.record({ k: fc.constant("cancel" as const), pick: fc.nat() }),
      fc.record({ k: fc.constant("fail" as const), pick: fc.nat() }),
      fc.record({ k: fc.constant("restart" as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
        let t = fresh(1);
        const ids: number[] = [];
        const user = (n: number) => `user${n}`;
        const to = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
        for (const o of ops) {
          if (o.k === "deposit") t.wallet.addDeposit("live", user(o.user), "USDT", USDT, BigInt(o.units) * U);
          else if (o.k === "block") await t.wallet.block();
          else if (o.k === "withdraw") {
            const w = await t.wallet.withdraw("live", user(o.user), usdtTo(to, String(o.units), "")).catch(() => undefined);
            if (w) ids.push(w.id);
          } else if (o.k === "cancel" && ids.length) {
            const id = ids[o.pick % ids.length] as number;
            const row = t.wallet.store.db.prepare("SELECT user_id FROM wallet_withdrawals WHERE id = ?").get(id) as { user_id: string };
            await t.wallet.cancel("live", row.user_id, id).catch(() => undefined);
          } else if (o.k === "fail" && ids.length) t.wallet.store.requestFailure(ids[o.pick % ids.length] as number);
          else if (o.k === "restart") {
            t.svc.store.flush();
            t.db.close();
            t = { dir: t.dir, ...open(t.dir, 1) };
          }
          expect(ledgerSum(t.db, "USDT")).toBe(0n);
        }
        // settle everything that is left
        for (let i = 0; i < 30; i++) await t.wallet.block();
        const db = t.db;
        expect(ledgerSum(db, "USDT")).toBe(0n);
        const credited = db.prepare("SELECT count(*) AS n FROM wallet_deposits WHERE state = 'success'").get() as { n: number };
        const all = db.prepare("SELECT count(*) AS n FROM wallet_deposits").get() as { n: number };
        const bills = db
          .prepare("SELECT ref_id, count(*) AS n FROM ex_bills WHERE business_type = 'DEPOSIT' GROUP BY ref_id")
          .all() as Array<{ n: number }>;
        expect(credited.n).toBe(all.n);
        expect(bills.length).toBe(all.n);
        expect(bills.every((b) => b.n === 1)).toBe(true);
        expect(db.prepare("SELECT count(*) AS n FROM wallet_withdrawals WHERE state IN ('pending', 'processing')").get()).toEqual({ n: 0 });
        // each user's balance is what arrived less what left (amount and fee of the paid withdrawals), nothing frozen
        for (const n of [0, 1, 2]) {
          const inUnits = (
            db.prepare("SELECT coalesce(sum(amount), 0) AS s FROM wallet_deposits WHERE user_id = ?").safeIntegers(true).get(user(n)) as {
              s: bigint;
            }
          ).s;
          const outUnits = (
            db
              .prepare("SELECT coalesce(sum(amount + fee), 0) AS s FROM wallet_withdrawals WHERE user_id = ? AND state = 'success'")
              .safeIntegers(true)
              .get(user(n)) as { s: bigint }
          ).s;
          const b = t.svc.engine.balance("live", user(n), "USDT");
          expect(b.frozen).toBe(0n);
          expect(b.available).toBe(inUnits - outUnits);
        }
        expect(t.svc.engine.balance("live", TREASURY, "USDT").available).toBeLessThanOrEqual(0n);
      }),
      { numRuns: 40 },
    );
  });
});
