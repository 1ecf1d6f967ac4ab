/**
 * The asset overview through the BFF (docs/decisions/331): the all-account balance against the
 * accounts it sums, transfers across spot, USDT-M futures, crossed and isolated margin that keep
 * the total, equity snapshots on a 2 s interval that survive a restart, and what a careless or
 * hostile caller sends instead. The simulated market is off, so no price moves under the sums.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_PATHS } from "../../protocol/assets.ts";
import { V2 } from "../../protocol/bitget.ts";
import { HEADERS } from "../../protocol/headers.ts";
import { MARGIN_CROSSED as C, MARGIN_ISOLATED as I } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey } from "../../gateway/security/api-keys.ts";
import { registerByEmail } from "../setup/accounts.ts";
import { startWeb, tempDataDir, type Started } from "../setup/processes.ts";
import { until } from "../setup/until.ts";

type Json = Record<string, unknown>;
type Row = Record<string, string>;
interface History {
  intervalMs: string;
  points: Row[];
  current: { total: string; accounts: Array<{ accountType: string; usdt: string; exists: boolean }>; coins: Row[] };
}

const INTERVAL = 2000;
const ENV = { EXCHANGE_RATE_LIMITS: "off", EXCHANGE_SIMULATOR: "off", ASSET_SNAPSHOT_INTERVAL_MS: String(INTERVAL) };
const data = tempDataDir();
let web: Started;
const keys: Record<string, NewApiKey> = {};
const client = (name: string, headers: Record<string, string> = {}) =>
  new Client(web.url, (keys[name] ??= makeKey(data.dir, `as-${name}`)), headers);

beforeAll(async () => {
  web = await startWeb({ DATA_DIR: data.dir, ...ENV });
});
afterAll(async () => {
  await web.stop();
  data.remove();
});

const balances = async (c: Client) => {
  const r = await c.get<Row[]>(ASSET_PATHS.allAccountBalance);
  expect(r.body.code, r.body.msg).toBe("00000");
  return Object.fromEntries(r.body.data.map((a) => [a.accountType, Number(a.usdtBalance)]));
};
const totalOf = (b: Record<string, number>) => Object.values(b).reduce((s, v) => s + v, 0);
const history = async (c: Client, days = 7) => (await c.get<History>(`${ASSET_PATHS.equityHistory}?days=${days}`)).body.data;
const transfer = async (c: Client, body: Json) => {
  const r = await c.post(MIX_PRIVATE.walletTransfer, { coin: "USDT", ...body });
  expect(r.body.code, `${JSON.stringify(body)}: ${r.body.msg}`).toBe("00000");
};
const sumAssets = async (c: Client, path: string) =>
  (await c.get<Row[]>(path)).body.data.reduce((s, a) => s + Number(a.available ?? 0) + Number(a.frozen ?? 0) - Number(a.borrow ?? 0), 0);

describe("all-account balance", () => {
  it("equals the sum of the spot, futures, crossed and isolated accounts, and transfers between them keep the total", async () => {
    const alice = client("alice");
    expect((await alice.get(V2.assets)).body.code).toBe("00000");
    const start = await balances(alice);
    expect(start).toEqual({ spot: totalOf(start), futures: 0, margin: 0 });
    expect(start.spot).toBeGreaterThan(0);

    await transfer(alice, { fromType: "spot", toType: "usdt_futures", amount: "1000" });
    await transfer(alice, { fromType: "spot", toType: "crossed_margin", amount: "700" });
    await transfer(alice, { fromType: "spot", toType: "isolated_margin", amount: "300", symbol: "BTCUSDT" });
    await transfer(alice, { fromType: "usdt_futures", toType: "spot", amount: "250.5" });
    await transfer(alice, { fromType: "crossed_margin", toType: "spot", amount: "100" });
    const b = await balances(alice);
    expect(b).toEqual({ spot: start.spot - 1000 - 700 - 300 + 250.5 + 100, futures: 749.5, margin: 900 });
    expect(totalOf(b)).toBeCloseTo(totalOf(start), 8);

    // each account kind, read from its own endpoint, is what the all-account balance says
    const fx = (await alice.get<Row[]>(`${MIX_PRIVATE.accounts}?productType=USDT-FUTURES`)).body.data[0];
    expect(Number(fx?.usdtEquity)).toBe(b.futures);
    expect((await sumAssets(alice, C.assets)) + (await sumAssets(alice, I.assets))).toBe(b.margin);
    expect(await sumAssets(alice, V2.assets)).toBe(b.spot);

    const h = await history(alice);
    expect(h.current.accounts.map((a) => [a.accountType, Number(a.usdt), a.exists])).toEqual([
      ["spot", b.spot, true],
      ["futures", 749.5, true],
      ["crossed_margin", 600, true],
      ["isolated_margin", 300, true],
    ]);
    expect(Number(h.current.total)).toBeCloseTo(totalOf(start), 8);
    expect(h.current.coins).toEqual([{ coin: "USDT", usdt: h.current.total }]);
  });

  it("answers the most each account lets go, and a transfer of one unit more is refused", async () => {
    const bob = client("bob");
    await transfer(bob, { fromType: "spot", toType: "crossed_margin", amount: "1000" });
    await transfer(bob, { fromType: "spot", toType: "usdt_futures", amount: "40" });
    expect((await bob.post(C.borrow, { coin: "USDT", borrowAmount: "1000" })).body.code).toBe("00000");
    const max = async (q: string) => (await bob.get<Row>(`${ASSET_PATHS.transferMax}?${q}`)).body.data.maxTransferOut as string;
    expect(await max("fromType=usdt_futures&coin=USDT")).toBe("40.00000000");
    const crossedMax = await max("fromType=crossed_margin&coin=USDT");
    expect(Number(crossedMax)).toBeGreaterThan(0);
    expect(Number(crossedMax)).toBeLessThan(2000);
    expect(crossedMax).toBe((await bob.get<Row>(`${C.maxTransferOut}?coin=USDT`)).body.data.maxTransferOutAmount);
    const over = (Number(crossedMax) + 0.00000001).toFixed(8);
    expect(
      (await bob.post(MIX_PRIVATE.walletTransfer, { fromType: "crossed_margin", toType: "spot", coin: "USDT", amount: over })).body.code,
    ).toBe("50023");
    const before = totalOf(await balances(bob));
    await transfer(bob, { fromType: "crossed_margin", toType: "spot", amount: crossedMax });
    await transfer(bob, { fromType: "usdt_futures", toType: "spot", amount: "40" });
    expect(totalOf(await balances(bob))).toBeCloseTo(before, 8);
  });

  it("values the demo accounts apart from the live ones", async () => {
    const demo = client("alice", { [HEADERS.paperTrading]: "1" });
    expect((await demo.get(V2.assets)).body.code).toBe("00000");
    const b = await balances(demo);
    const h = await history(demo);
    expect(b.spot).toBe(Number(h.current.accounts[0]?.usdt));
    expect(b.futures).toBe(0);
    // the demo coins include BTC and ETH besides 50,000 USDT
    expect(h.current.coins.map((c) => c.coin)).toContain("USDT");
    expect(b.spot).toBeGreaterThanOrEqual(50_000);
  });
});

describe("equity snapshots", () => {
  it("are taken every interval of the accounts that exist, none for a user without accounts, and survive a restart", async () => {
    const carol = client("carol");
    const nobody = client("nobody");
    expect((await carol.get(V2.assets)).body.code).toBe("00000");
    await transfer(carol, { fromType: "spot", toType: "usdt_futures", amount: "10" });
    await until(
      async () => (await history(carol)).points.filter((p) => p.futures !== undefined).length,
      (n) => n >= 2,
      15_000,
      200,
    );
    const h = await history(carol);
    expect(h.intervalMs).toBe(String(INTERVAL));
    const slots = h.points.map((p) => Number(p.ts));
    expect(slots.every((s) => s % INTERVAL === 0)).toBe(true);
    expect(new Set(slots).size).toBe(slots.length);
    const last = h.points[h.points.length - 1] as Row;
    expect(last).toMatchObject({ futures: "10.00000000", total: h.current.total });
    expect(last.crossed_margin).toBeUndefined();
    expect(Number(last.spot) + Number(last.futures)).toBe(Number(last.total));
    const none = await history(nobody);
    expect(none.points).toEqual([]);
    expect(none.current.accounts.every((a) => !a.exists)).toBe(true);

    await web.stop();
    web = await startWeb({ DATA_DIR: data.dir, ...ENV });
    const again = client("carol");
    const kept = await history(again);
    for (const s of slots) expect(kept.points.map((p) => Number(p.ts))).toContain(s);
    await until(
      async () => (await history(again)).points.length,
      (n) => n > kept.points.length,
      15_000,
      200,
    );
  });
});

describe("bad inputs", () => {
  it("refuses what a careless or hostile caller sends, never with a 500", async () => {
    const alice = client("alice");
    const cases: Array<[string, string]> = [
      [`${ASSET_PATHS.equityHistory}?days=5`, "40017"],
      [`${ASSET_PATHS.equityHistory}?days=7.0`, "40017"],
      [`${ASSET_PATHS.equityHistory}?days=${"9".repeat(40)}`, "40017"],
      [`${ASSET_PATHS.equityHistory}?days=7&days=30`, "40017"],
      [`${ASSET_PATHS.transferMax}?coin=USDT`, "40019"],
      [`${ASSET_PATHS.transferMax}?fromType=nope&coin=USDT`, "40017"],
      [`${ASSET_PATHS.transferMax}?fromType=spot`, "40019"],
      [`${ASSET_PATHS.transferMax}?fromType=spot&coin=PEPE`, "40034"],
      [`${ASSET_PATHS.transferMax}?fromType=isolated_margin&coin=USDT`, "40019"],
      [`${ASSET_PATHS.transferMax}?fromType=isolated_margin&coin=USDT&symbol=NOPEUSDT`, "40034"],
      [`${ASSET_PATHS.transferMax}?fromType=isolated_margin&coin=ETH&symbol=BTCUSDT`, "40034"],
    ];
    for (const [path, code] of cases) {
      const r = await alice.get(path);
      expect(r.status, path).toBeLessThan(500);
      expect(r.body.code, `${path}: ${r.body.msg}`).toBe(code);
    }
    for (const path of [ASSET_PATHS.allAccountBalance, ASSET_PATHS.equityHistory, ASSET_PATHS.transferMax]) {
      const r = await new Client(web.url).get(path);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe("40001");
    }
  });
});

describe("a web session's reads", () => {
  it("are signed with the device key like the other private reads: unsigned, they are refused before any data", async () => {
    const { c } = await registerByEmail({ url: web.url, dataDir: data.dir }, `assets-web-${Date.now()}@example.com`);
    for (const path of [
      ASSET_PATHS.allAccountBalance,
      `${ASSET_PATHS.equityHistory}?days=7`,
      `${ASSET_PATHS.transferMax}?fromType=spot&coin=USDT`,
    ]) {
      const unsigned = await c.call("GET", path, undefined, { sign: false });
      expect(unsigned.status, path).toBe(401);
      expect(unsigned.body.code, path).toBe("00020");
      expect(unsigned.body.data, path).toBeNull();
      const signed = await c.call("GET", path);
      expect(signed.body.code, `${path}: ${signed.body.msg}`).toBe("00000");
    }
  });
});
