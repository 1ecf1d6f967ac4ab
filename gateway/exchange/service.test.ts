import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyRequest } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db/database.ts";
import type { Principal, SessionRequest } from "../request.ts";
import { type GatewayError } from "../envelope.ts";
import { ApiKeyJudge, verifyApiKeyCall } from "../security/api-key-auth.ts";
import { Authenticator } from "./routes/auth.ts";
import { createApiKey, revokeApiKey, signRequest } from "../security/api-keys.ts";
import { queueDeposit } from "./deposits.ts";
import { EngineError } from "./engine/types.ts";
import { migrateExchange } from "./migrations.ts";
import { ExchangeService } from "./service.ts";

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open(dir?: string) {
  const d = dir ?? mkdtempSync(join(tmpdir(), "svc-test-"));
  if (!dir) dirs.push(d);
  const db = openDatabase(d);
  dbs.push(db);
  migrateExchange(db);
  const svc = new ExchangeService(db, { welcomeUsdt: 1000n * 10n ** 8n, rateLimits: false, simulator: false });
  svc.load();
  return { dir: d, db, svc };
}

const limit = (side: "buy" | "sell", price: string, size: string, clientOid?: string) => ({
  symbol: "ETHUSDT",
  side,
  orderType: "limit",
  force: "gtc",
  price,
  size,
  clientOid,
});

describe("exchange service", () => {
  it("funds live accounts with the welcome balance and paper accounts with demo coins, once", async () => {
    const { svc } = open();
    const live = await svc.assets("live", "u1");
    expect(live.find((b) => b.coin === "USDT")?.available).toBe(1000n * 10n ** 8n);
    await svc.assets("live", "u1");
    expect(svc.engine.balance("live", "u1", "USDT").available).toBe(1000n * 10n ** 8n);
    await svc.assets("paper", "u1");
    expect(svc.engine.balance("paper", "u1", "BTC").available).toBe(10n ** 8n);
    await svc.placeOrder("paper", "u1", limit("sell", "4000.00", "1"));
    expect(svc.engine.balance("paper", "u1", "ETH").frozen).toBe(10n ** 8n);
    await svc.resetPaper("u1");
    expect(svc.engine.balance("paper", "u1", "ETH")).toMatchObject({ available: 10n * 10n ** 8n, frozen: 0n });
    expect(svc.openOrders("paper", "u1")).toHaveLength(0);
  });

  it("charges maker/taker fees by VIP tier", async () => {
    const { svc } = open();
    svc.setVip("live", "maker", 6);
    queueDeposit(svc.db, { env: "live", userId: "maker", coin: "ETH", amount: 10n * 10n ** 8n });
    await svc.applyDeposits();
    const m = await svc.placeOrder("live", "maker", limit("sell", "3000.00", "1"));
    const t = await svc.placeOrder("live", "taker", limit("buy", "3000.00", "0.1"));
    // VIP 6 maker 0.02 % of 300 USDT; VIP 0 taker 0.1 % of 0.1 ETH
    expect(m.fee).toBe((300n * 10n ** 8n * 200n) / 1_000_000n);
    expect(t.fee).toBe((10n ** 7n * 1000n) / 1_000_000n);
  });

  it("applies a queued credit once when two calls overlap (the second waits for the first's commit)", async () => {
    const { svc } = open();
    // the account first (its welcome credit), then the credit under test
    queueDeposit(svc.db, { env: "live", userId: "credited", coin: "USDT", amount: 1n });
    await svc.applyDeposits();
    const before = svc.engine.balance("live", "credited", "USDT").available;
    queueDeposit(svc.db, { env: "live", userId: "credited", coin: "USDT", amount: 150_000n * 10n ** 8n });
    const counts = await Promise.all([svc.applyDeposits(), svc.applyDeposits()]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(svc.engine.balance("live", "credited", "USDT").available - before).toBe(150_000n * 10n ** 8n);
  });

  it("rejects a duplicate clientOid, even while the first is being committed", async () => {
    const { svc } = open();
    const first = svc.placeOrder("live", "u2", limit("buy", "100.00", "0.1", "same"));
    await expect(svc.placeOrder("live", "u2", limit("buy", "100.00", "0.1", "same"))).rejects.toThrow(EngineError);
    await first;
    await expect(svc.placeOrder("live", "u2", limit("buy", "100.00", "0.1", "same"))).rejects.toThrow(/Duplicate clientOid/);
    // another user may use the same clientOid
    await expect(svc.placeOrder("live", "u3", limit("buy", "100.00", "0.1", "same"))).resolves.toMatchObject({ status: "live" });
  });

  it("refuses the clientOid of a closed order (only in storage), after a restart and after the filter outgrew its size", async () => {
    const { dir, db, svc } = open();
    const done = await svc.placeOrder("live", "u4", limit("buy", "100.00", "0.1", "closed-1"));
    await svc.cancelOrder("live", "u4", "ETHUSDT", { orderId: done.id });
    expect(svc.engine.openByClientOid.size).toBe(0);
    await expect(svc.placeOrder("live", "u4", limit("buy", "100.00", "0.1", "closed-1"))).rejects.toThrow(/Duplicate clientOid/);
    // a clientOid nobody used is answered without a read, and placed
    await expect(svc.placeOrder("live", "u4", limit("buy", "100.00", "0.1", "fresh-1"))).resolves.toMatchObject({ status: "live" });
    // written by another connection before this gateway starts (an older run): the filter is built from storage
    db.close();
    const again = open(dir);
    await expect(again.svc.placeOrder("live", "u4", limit("buy", "100.00", "0.1", "closed-1"))).rejects.toThrow(/Duplicate clientOid/);
    await expect(again.svc.placeOrder("live", "u4", limit("buy", "100.00", "0.1", "fresh-1"))).rejects.toThrow(/Duplicate clientOid/);
    // past the filter's first size it grows a layer, keeps every key and is never rebuilt
    const filter = again.svc.store.oidFilter();
    for (let i = 0; filter.depth === 1; i++) filter.add(`filler-${i}`);
    expect(again.svc.store.oidFilter()).toBe(filter);
    await expect(again.svc.placeOrder("live", "u4", limit("buy", "100.00", "0.1", "closed-1"))).rejects.toThrow(/Duplicate clientOid/);
    await expect(again.svc.placeOrder("live", "u4", limit("buy", "100.00", "0.1", "fresh-2"))).resolves.toMatchObject({ status: "live" });
  });

  it("indexes only a clientOid the caller gave; an order's own id still counts as its clientOid", async () => {
    const { dir, db, svc } = open();
    const plain = await svc.placeOrder("live", "u6", limit("buy", "100.00", "0.1"));
    const given = await svc.placeOrder("live", "u6", limit("buy", "100.00", "0.1", "mine-1"));
    expect(plain.clientOid).toBe(plain.id);
    const indexed = db
      .prepare("SELECT client_oid FROM ex_orders INDEXED BY ex_orders_given_oid WHERE client_oid <> '' AND client_oid <> order_id")
      .all();
    expect(indexed).toEqual([{ client_oid: "mine-1" }]);
    // found by its own id as clientOid, open (memory) and closed (storage)
    expect(svc.findOrder("live", "u6", { clientOid: plain.id })?.id).toBe(plain.id);
    await svc.cancelOrder("live", "u6", "ETHUSDT", { orderId: plain.id });
    await svc.cancelOrder("live", "u6", "ETHUSDT", { orderId: given.id });
    expect(svc.findOrder("live", "u6", { clientOid: plain.id })).toMatchObject({ id: plain.id, status: "cancelled" });
    expect(svc.findOrder("live", "u6", { clientOid: "mine-1" })).toMatchObject({ id: given.id, status: "cancelled" });
    // the id of the user's own closed order is a taken clientOid, also after a restart; another user may use it
    await expect(svc.placeOrder("live", "u6", limit("buy", "100.00", "0.1", plain.id))).rejects.toThrow(/Duplicate clientOid/);
    db.close();
    const again = open(dir);
    await expect(again.svc.placeOrder("live", "u6", limit("buy", "100.00", "0.1", plain.id))).rejects.toThrow(/Duplicate clientOid/);
    await expect(again.svc.placeOrder("live", "u6", limit("buy", "100.00", "0.1", "mine-1"))).rejects.toThrow(/Duplicate clientOid/);
    await expect(again.svc.placeOrder("live", "u7", limit("buy", "100.00", "0.1", plain.id))).resolves.toMatchObject({
      clientOid: plain.id,
    });
    // every lookup stays on an index: the given clientOid's, the primary key, the history's
    const plan = (sql: string) => JSON.stringify(again.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all("live", "u6", "x"));
    expect(
      plan("SELECT * FROM ex_orders WHERE env = ? AND user_id = ? AND client_oid = ? AND client_oid <> '' AND client_oid <> order_id"),
    ).toMatch(/USING INDEX ex_orders_given_oid/);
    expect(
      plan("SELECT * FROM ex_orders WHERE env = ? AND user_id = ? AND status IN ('filled', 'cancelled') AND seq < ? ORDER BY seq DESC"),
    ).toMatch(/USING INDEX ex_orders_user/);
  });

  it("accepts one of many concurrent orders with the same clientOid, across commits, and stores one", async () => {
    const { db, svc } = open();
    const tries = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        // half of them a turn later, while the first is being committed
        i % 2
          ? new Promise((r) => setImmediate(r)).then(() => svc.placeOrder("live", "u5", limit("buy", "100.00", "0.01", "race")))
          : svc.placeOrder("live", "u5", limit("buy", "100.00", "0.01", "race")),
      ),
    );
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    for (const t of tries) if (t.status === "rejected") expect(String(t.reason)).toMatch(/Duplicate clientOid/);
    expect(db.prepare("SELECT count(*) AS n FROM ex_orders WHERE user_id = 'u5' AND client_oid = 'race'").get()).toEqual({ n: 1 });
  });

  it("keeps a refused order's new-account funding, and reports a kept change it can no longer write instead of throwing", async () => {
    const { db, svc } = open();
    await expect(svc.placeOrder("live", "new1", limit("buy", "4000.00", "100"))).rejects.toBeInstanceOf(EngineError);
    await new Promise((r) => setImmediate(r));
    const row = db.prepare("SELECT available FROM ex_balances WHERE env = 'live' AND user_id = 'new1' AND coin = 'USDT'").get();
    expect(row).toEqual({ available: 1000 * 10 ** 8 });

    const reported: unknown[] = [];
    svc.store.reportError = (err) => reported.push(err);
    await expect(svc.placeOrder("live", "new2", limit("buy", "4000.00", "100"))).rejects.toBeInstanceOf(EngineError);
    db.close(); // the gateway shutting down before the kept change's turn
    await new Promise((r) => setImmediate(r));
    expect(reported).toHaveLength(1);
    expect(String(reported[0])).toMatch(/closed/);
  });

  it("rebuilds books and balances from storage in time priority", async () => {
    const a = open();
    await a.svc.placeOrder("live", "u4", limit("buy", "100.00", "0.1", "o1"));
    await a.svc.placeOrder("live", "u5", limit("buy", "100.00", "0.2", "o2"));
    await a.svc.placeOrder("live", "u4", limit("buy", "99.00", "0.3", "o3"));
    const before = a.svc.engine.book("live", "ETHUSDT").bids.depth(10);
    const b = open(a.dir);
    expect(b.svc.engine.book("live", "ETHUSDT").bids.depth(10)).toEqual(before);
    const lvl = b.svc.engine.book("live", "ETHUSDT").bids.level(10000)!;
    expect([lvl.head!.clientOid, lvl.head!.next!.clientOid]).toEqual(["o1", "o2"]);
    expect(b.svc.engine.balance("live", "u4", "USDT")).toMatchObject(a.svc.engine.balance("live", "u4", "USDT"));
  });
});

describe("exchange authenticator", () => {
  function req(headers: Record<string, string>, url = "/api/v2/spot/account/assets", method = "GET", rawBody = ""): FastifyRequest {
    return { headers, url, method, rawBody, ip: "127.0.0.1" } as unknown as FastifyRequest;
  }

  it("accepts a signed API key, the web session through the accounts hook, and nothing else", () => {
    const { db } = open();
    const ctx: { authenticateSession?: (r: SessionRequest) => Principal | undefined } = {};
    const auth = new Authenticator((r) => ctx.authenticateSession?.(r));
    const key = createApiKey(db, { userId: "k1", passphrase: "pp", permissions: ["read"] });
    const ts = String(Date.now());
    const h = {
      "access-key": key.apiKey,
      "access-timestamp": ts,
      "access-passphrase": "pp",
      "access-sign": signRequest(key.secretKey, ts, "GET", "/api/v2/spot/account/assets", ""),
    };
    const apiKeyCall = req(h);
    apiKeyCall.apiKeyPrincipal = verifyApiKeyCall(new ApiKeyJudge(db, () => undefined), apiKeyCall);
    expect(auth.authenticate(apiKeyCall)).toEqual({ userId: "k1", via: "apikey", permissions: ["read"] });
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as GatewayError).code;
      }
      return "ok";
    };
    expect(code(() => auth.authenticate(req({})))).toBe("40001");
    ctx.authenticateSession = (r) =>
      r.headers.cookie === "bt_session=good" ? { userId: "s1", via: "session", permissions: ["read", "trade"] } : undefined;
    expect(auth.authenticate(req({ cookie: "bt_session=good" }))).toMatchObject({ userId: "s1", via: "session" });
    expect(code(() => auth.authenticate(req({ cookie: "bt_session=bad" })))).toBe("40001");
    // an API-key request is judged by its HMAC alone, even with a session cookie
    expect(
      code(() => verifyApiKeyCall(new ApiKeyJudge(db, () => undefined), req({ ...h, cookie: "bt_session=good", "access-sign": "x" }))),
    ).toBe("40009");
    expect(code(() => verifyApiKeyCall(new ApiKeyJudge(db, () => undefined), req({ "access-key": "", cookie: "bt_session=good" })))).toBe(
      "40001",
    );
    revokeApiKey(db, key.apiKey);
    expect(code(() => verifyApiKeyCall(new ApiKeyJudge(db, () => undefined), req(h)))).toBe("40006");
  });
});
