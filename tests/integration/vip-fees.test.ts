/**
 * VIP levels and fees through the BFF (docs/decisions/332): trade-rate answers the caller's own
 * rates and refuses what Bitget refuses, the operator command changes a level, a fill after the
 * change is charged the new rate in spot, margin and futures (read back from bills and fills),
 * and the recompute clock keeps its schedule across a restart.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { MARGIN_CROSSED as C } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { VIP_PATHS, type VipDetail } from "../../protocol/vip.ts";
import { queueDeposit } from "../../gateway/exchange/deposits.ts";
import { openFutures } from "../setup/futures.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { registerByEmail, withDb } from "../setup/accounts.ts";
import { ROOT, startWeb, tempDataDir, type Started } from "../setup/processes.ts";
import { until } from "../setup/until.ts";
import Database from "better-sqlite3";
import { join } from "node:path";

type Json = Record<string, string>;
const INTERVAL_MS = 4000;
const ENV = { EXCHANGE_RATE_LIMITS: "off", VIP_RECOMPUTE_INTERVAL_MS: String(INTERVAL_MS) };
const EMAIL = "vip-alice@example.com";
const data = tempDataDir();
let web: Started;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  web = await startWeb({ DATA_DIR: data.dir, ...ENV });
  const { userId } = await registerByEmail({ url: web.url, dataDir: data.dir }, EMAIL);
  alice = new Client(web.url, makeKey(data.dir, userId));
  bob = new Client(web.url, makeKey(data.dir, "vip-bob"));
  for (const c of [alice, bob]) await openFutures(c);
  expect((await alice.get(V2.assets)).body.code).toBe("00000");
  const db = new Database(join(data.dir, "gateway.sqlite"));
  queueDeposit(db, { env: "live", userId, coin: "ETH", amount: 10n * 10n ** 8n });
  db.close();
  await until(
    async () => Number((await alice.get<Json[]>(`${V2.assets}?coin=ETH`)).body.data[0]?.available ?? "0"),
    (n) => n >= 10,
    10_000,
    200,
  );
});

afterAll(async () => {
  await web?.stop();
  data.remove();
});

const vipLevel = (level: number) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", "gateway/vip/cli/level.ts", "--email", EMAIL, "--level", String(level)], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: data.dir },
  });

/** trade-rate's deduction fields while the platform-coin switch is off (docs/decisions/353; its own tests are platform-coin-fees.test.ts). */
const OFF = { deduct: "off", deductCoin: "BGB" };
const rate = (c: Client, symbol: string, businessType: string) =>
  c.get<{ makerFeeRate: string; takerFeeRate: string }>(`${VIP_PATHS.tradeRate}?symbol=${symbol}&businessType=${businessType}`);

/** A decimal string of 8 places as ledger units. */
const units = (s: string | undefined): bigint => {
  if (s === undefined) throw new Error("an amount is missing");
  const neg = s.startsWith("-");
  const [w = "0", f = ""] = s.replace("-", "").split(".");
  const v = BigInt(w) * 10n ** 8n + BigInt(f.padEnd(8, "0").slice(0, 8));
  return neg ? -v : v;
};
const abs = (v: bigint) => (v < 0n ? -v : v);
/** The fee a notional pays at `ppm`, rounded down as the engines round. */
const feeAt = (notional: bigint, ppm: bigint) => (notional * ppm) / 1_000_000n;

/** Moves `amount` of `coin` from the spot account to `toType`; the move must succeed. */
async function fromSpot(c: Client, toType: string, amount: string, coin: string) {
  expect((await c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType, amount, coin })).body.code).toBe("00000");
}

describe("trade-rate", () => {
  it("answers the caller's own rates per business line, and refuses what Bitget refuses", async () => {
    expect((await rate(alice, "BTCUSDT", "spot")).body.data).toEqual({ makerFeeRate: "0.001", takerFeeRate: "0.001", ...OFF });
    expect((await rate(alice, "ETHUSDT", "margin")).body.data).toEqual({ makerFeeRate: "0.001", takerFeeRate: "0.001", ...OFF });
    expect((await rate(alice, "btcusdt", "mix")).body.data).toEqual({ makerFeeRate: "0.0002", takerFeeRate: "0.0006", ...OFF });
    const refusals: Array<[string, string]> = [
      ["symbol=NOPEUSDT&businessType=spot", "40034"],
      ["symbol=NOPEUSDT&businessType=mix", "40034"],
      ["symbol=BTCUSDT&businessType=futures", "40017"],
      ["symbol=BTCUSDT", "40019"],
      ["businessType=spot", "40019"],
      [`symbol=${"X".repeat(40)}&businessType=spot`, "40017"],
    ];
    for (const [q, code] of refusals) {
      const r = await alice.get(`${VIP_PATHS.tradeRate}?${q}`);
      expect(r.status, q).toBeLessThan(500);
      expect(r.body.code, `${q}: ${r.body.msg}`).toBe(code);
    }
    // signed only
    const anonymous = await new Client(web.url).get(`${VIP_PATHS.tradeRate}?symbol=BTCUSDT&businessType=spot`);
    expect(anonymous.body.code).toBe("40001");
  });
});

describe("fees follow the level", () => {
  it("charges a fill after the operator's level change the new rate in spot, margin and futures", async () => {
    // level 0: a spot market sell pays the base taker rate on its USDT
    const sell = async (size: string) => {
      const r = await alice.post<{ orderId: string }>(V2.placeOrder, {
        symbol: "ETHUSDT",
        side: "sell",
        orderType: "market",
        force: "gtc",
        size,
      });
      expect(r.body.code, r.body.msg).toBe("00000");
      return r.body.data.orderId;
    };
    // each fill pays the rate on its notional, and the SELL bills of its USDT carry the same fees
    const checkSpot = async (orderId: string, ppm: bigint) => {
      const fills = (await alice.get<Array<Json & { feeDetail: Json }>>(`${V2.tradeFills}?symbol=ETHUSDT&orderId=${orderId}`)).body.data;
      expect(fills.length).toBeGreaterThan(0);
      let fillFees = 0n;
      for (const f of fills) {
        const fee = abs(units(f.feeDetail.totalFee));
        expect(fee, JSON.stringify(f)).toBe(feeAt(units(f.amount), ppm));
        fillFees += fee;
      }
      const bills = (await alice.get<Json[]>(`${V2.bills}?coin=USDT&businessType=SELL&limit=${fills.length}`)).body.data;
      expect(bills.reduce((sum, b) => sum + abs(units(b.fees)), 0n)).toBe(fillFees);
    };
    await checkSpot(await sell("0.5"), 1000n);

    const cli = await vipLevel(3);
    expect(JSON.parse(cli.stdout)).toMatchObject({ granted: 3 });
    await until(
      async () => (await rate(alice, "BTCUSDT", "mix")).body.data,
      (d) => d.takerFeeRate === "0.00045",
      10_000,
      200,
    );
    expect((await rate(alice, "BTCUSDT", "spot")).body.data).toEqual({ makerFeeRate: "0.0007", takerFeeRate: "0.0009", ...OFF });
    expect((await alice.get<Json>(V2.accountInfo)).body.data.vipLevel).toBe("3");
    expect(
      withDb({ url: web.url, dataDir: data.dir }, (db) => db.prepare("SELECT vip_level FROM users WHERE email = ?").get(EMAIL)),
    ).toEqual({
      vip_level: 3,
    });
    // bob is no one's sub-account: his rates stay the base tier
    expect((await rate(bob, "BTCUSDT", "spot")).body.data.takerFeeRate).toBe("0.001");

    // spot at level 3
    await checkSpot(await sell("0.5"), 900n);

    // margin (crossed) at level 3: a margin account pays its owner's tier
    await fromSpot(alice, "crossed_margin", "1", "ETH");
    const m = await alice.post<{ orderId: string }>(C.placeOrder, {
      symbol: "ETHUSDT",
      orderType: "market",
      loanType: "normal",
      side: "sell",
      baseSize: "0.5",
      force: "gtc",
    });
    expect(m.body.code, m.body.msg).toBe("00000");
    const mf = (await alice.get<{ fills: Array<Json & { feeDetail: Json }> }>(`${C.fills}?symbol=ETHUSDT&orderId=${m.body.data.orderId}`))
      .body.data.fills;
    expect(mf.length).toBeGreaterThan(0);
    for (const f of mf) {
      expect(f.feeDetail.feeCoin).toBe("USDT");
      expect(abs(units(f.feeDetail.totalFee))).toBe(feeAt(units(f.amount), 900n));
    }

    // futures at level 3: the taker pays 0.045 %, and the bills carry the same fees as the fills
    await fromSpot(alice, "usdt_futures", "1000", "USDT");
    const f = await alice.post<{ orderId: string }>(MIX_PRIVATE.placeOrder, {
      symbol: "BTCUSDT",
      productType: "USDT-FUTURES",
      marginCoin: "USDT",
      marginMode: "crossed",
      side: "buy",
      orderType: "market",
      size: "0.01",
    });
    expect(f.body.code, f.body.msg).toBe("00000");
    const ff = (
      await alice.get<{ fillList: Array<Json & { feeDetail: Json[] }> }>(
        `${MIX_PRIVATE.fills}?productType=USDT-FUTURES&orderId=${f.body.data.orderId}`,
      )
    ).body.data.fillList;
    expect(ff.length).toBeGreaterThan(0);
    let fillFees = 0n;
    for (const x of ff) {
      const fee = abs(units(x.feeDetail[0]?.totalFee ?? "0"));
      expect(fee).toBe(feeAt(units(x.quoteVolume), 450n));
      fillFees += fee;
    }
    const bills = (await alice.get<{ bills: Json[] }>(`${MIX_PRIVATE.bills}?productType=USDT-FUTURES`)).body.data.bills;
    const billFees = bills.filter((b) => b.businessType === "open_long").reduce((s, b) => s + abs(units(b.fee)), 0n);
    expect(billFees).toBe(fillFees);
  });
});

describe("the recompute clock", () => {
  it("recomputes on the interval and keeps its schedule and the levels across a restart", async () => {
    const detail = async () => (await alice.get<VipDetail>(VIP_PATHS.detail)).body.data;
    const first = await until(detail, (d) => d.computedAt > 0, 10_000, 200);
    expect(first).toMatchObject({ level: 3, granted: 3 });
    expect(first.nextAt - first.computedAt).toBe(INTERVAL_MS);
    expect(first.daily).toHaveLength(30);
    expect(units(first.volume30d)).toBeGreaterThan(0n);
    const later = await until(detail, (d) => d.computedAt > first.computedAt, 15_000, 250);
    expect(later.computedAt - first.computedAt).toBeGreaterThanOrEqual(INTERVAL_MS);

    await web.stop();
    web = await startWeb({ DATA_DIR: data.dir, ...ENV });
    alice = new Client(web.url, alice.key);
    const after = await detail();
    // a restart neither forgets the last run nor skips the next one
    expect(after.computedAt).toBeGreaterThanOrEqual(later.computedAt);
    expect(after.level).toBe(3);
    expect((await rate(alice, "BTCUSDT", "mix")).body.data.takerFeeRate).toBe("0.00045");
    const next = await until(detail, (d) => d.computedAt > after.computedAt, 15_000, 250);
    expect(next.computedAt).toBeGreaterThanOrEqual(after.nextAt);
    // a grant of 0 withdraws the floor: with this volume and balance alice is back at level 0
    await vipLevel(0);
    await until(
      async () => (await rate(alice, "BTCUSDT", "spot")).body.data,
      (d) => d.takerFeeRate === "0.001",
      10_000,
      200,
    );
    expect((await detail()).level).toBe(0);
  });
});
