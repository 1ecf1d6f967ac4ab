/**
 * Paying fees with the platform coin through the BFF (docs/decisions/353): `openGtFees` / `ob` in
 * user info change only through Bitget's switch-deduct (refused bodies, a read-only key, a guest and
 * another user's switch leave them alone), trade-rate says what applies, and spot fills are charged
 * in BGB when the switch is on and the balance covers them, else in the usual coin.
 */
import Database from "better-sqlite3";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { DEDUCT_PATHS, PLATFORM_COIN } from "../../protocol/fee-deduction.ts";
import { VIP_PATHS } from "../../protocol/vip.ts";
import { queueDeposit } from "../../gateway/exchange/deposits.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { registerByEmail } from "../setup/accounts.ts";
import { startWeb, tempDataDir, type Started } from "../setup/processes.ts";
import type { ProtocolClient } from "../setup/protocol-client.ts";
import { until } from "../setup/until.ts";

type Json = Record<string, string>;
type Fill = Json & { feeDetail: Json };
const data = tempDataDir();
let web: Started;
let session: ProtocolClient;
let aliceId: string;
let alice: Client;
let readOnly: Client;
let bob: Client;

const E8 = 10n ** 8n;
const units = (s: string | undefined): bigint => {
  if (s === undefined) throw new Error("an amount is missing");
  const neg = s.startsWith("-");
  const [w = "0", f = ""] = s.replace("-", "").split(".");
  const v = BigInt(w) * E8 + BigInt(f.padEnd(8, "0").slice(0, 8));
  return neg ? -v : v;
};
const abs = (v: bigint) => (v < 0n ? -v : v);

async function deposit(userId: string, c: Client, coin: string, amount: bigint) {
  const db = new Database(join(data.dir, "gateway.sqlite"));
  db.pragma("busy_timeout = 5000");
  queueDeposit(db, { env: "live", userId, coin, amount });
  db.close();
  await until(
    async () => units((await c.get<Json[]>(`${V2.assets}?coin=${coin}`)).body.data[0]?.available ?? "0"),
    (n) => n >= amount,
    10_000,
    200,
  );
}

const available = async (c: Client, coin: string) =>
  units((await c.get<Json[]>(`${V2.assets}?coin=${coin}`)).body.data[0]?.available ?? "0");
const flags = async () => {
  const r = await session.call("POST", "/v1/user/overview/userinfo", {});
  return { openGtFees: r.body.data.userInfo.openGtFees as boolean, ob: r.body.data.settings.ob as boolean };
};

/** A market buy of 100 USDT of ETH; its fills. */
async function buyEth(c: Client): Promise<Fill[]> {
  const r = await c.post<{ orderId: string }>(V2.placeOrder, {
    symbol: "ETHUSDT",
    side: "buy",
    orderType: "market",
    force: "gtc",
    size: "100",
  });
  expect(r.body.code, r.body.msg).toBe("00000");
  const fills = (await c.get<Fill[]>(`${V2.tradeFills}?symbol=ETHUSDT&orderId=${r.body.data.orderId}`)).body.data;
  expect(fills.length).toBeGreaterThan(0);
  return fills;
}

beforeAll(async () => {
  web = await startWeb({ DATA_DIR: data.dir, EXCHANGE_RATE_LIMITS: "off" });
  const reg = await registerByEmail({ url: web.url, dataDir: data.dir }, "gt-alice@example.com");
  session = reg.c;
  aliceId = reg.userId;
  alice = new Client(web.url, makeKey(data.dir, aliceId, ["read", "trade"]));
  readOnly = new Client(web.url, makeKey(data.dir, aliceId, ["read"]));
  bob = new Client(web.url, makeKey(data.dir, "gt-bob", ["read", "trade"]));
  await deposit(aliceId, alice, "USDT", 1000n * E8);
  await deposit(aliceId, alice, PLATFORM_COIN, 50n * E8);
  await deposit("gt-bob", bob, "USDT", 1000n * E8);
});

afterAll(async () => {
  await web?.stop();
  data.remove();
});

describe("the switch", () => {
  it("turns openGtFees and ob on and off only through switch-deduct", async () => {
    expect(await flags()).toEqual({ openGtFees: false, ob: false });
    expect((await alice.get<Json>(DEDUCT_PATHS.info)).body.data).toEqual({ deduct: "off" });

    // refused: no body, an empty or unknown state, a wrong type, a read-only key, a guest
    const refusals: Array<[unknown, string]> = [
      [{}, "40019"],
      [{ deduct: "" }, "40019"],
      [{ deduct: "yes" }, "40017"],
      [{ deduct: true }, "40017"],
      [{ deduct: ["on"] }, "40017"],
      [{ deduct: "on".repeat(500) }, "40017"],
    ];
    for (const [body, code] of refusals) {
      const r = await alice.post(DEDUCT_PATHS.switch, body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.code, `${JSON.stringify(body)}: ${r.body.msg}`).toBe(code);
    }
    expect((await readOnly.post(DEDUCT_PATHS.switch, { deduct: "on" })).body.code).toBe("40014");
    expect((await new Client(web.url).post(DEDUCT_PATHS.switch, { deduct: "on" })).body.code).toBe("40001");
    // another user's switch is theirs
    expect((await bob.post(DEDUCT_PATHS.switch, { deduct: "on" })).body).toMatchObject({ code: "00000", data: true });
    expect(await flags()).toEqual({ openGtFees: false, ob: false });
    expect((await alice.get<Json>(DEDUCT_PATHS.info)).body.data).toEqual({ deduct: "off" });

    // the web session's switch, as the fee page sends it
    expect((await session.call("POST", DEDUCT_PATHS.switch, { deduct: "on" })).body).toMatchObject({ code: "00000", data: true });
    expect(await flags()).toEqual({ openGtFees: true, ob: true });
    expect((await alice.get<Json>(DEDUCT_PATHS.info)).body.data).toEqual({ deduct: "on" });
    expect((await session.call("GET", DEDUCT_PATHS.info)).body.data).toEqual({ deduct: "on" });
    // trade-rate: spot and margin fees deducted at 20 % off, futures never
    const rate = async (symbol: string, business: string) =>
      (await alice.get<Json>(`${VIP_PATHS.tradeRate}?symbol=${symbol}&businessType=${business}`)).body.data;
    expect(await rate("ETHUSDT", "spot")).toEqual({
      makerFeeRate: "0.001",
      takerFeeRate: "0.001",
      deduct: "on",
      deductCoin: PLATFORM_COIN,
      deductMakerFeeRate: "0.0008",
      deductTakerFeeRate: "0.0008",
    });
    expect((await rate("ETHUSDT", "margin")).deduct).toBe("on");
    expect(await rate("ETHUSDT", "mix")).toEqual({
      makerFeeRate: "0.0002",
      takerFeeRate: "0.0006",
      deduct: "off",
      deductCoin: PLATFORM_COIN,
    });

    // off again, and on for the rest of the file
    expect((await alice.post(DEDUCT_PATHS.switch, { deduct: "off" })).body.code).toBe("00000");
    expect(await flags()).toEqual({ openGtFees: false, ob: false });
    expect((await rate("ETHUSDT", "spot")).deduct).toBe("off");
    expect((await alice.post(DEDUCT_PATHS.switch, { deduct: "ON" })).body.code).toBe("00000");
    expect(await flags()).toEqual({ openGtFees: true, ob: true });
  });
});

describe("fees in the platform coin", () => {
  it("charges a spot fill in BGB when switched on and covered: the whole ETH arrives, the BGB bills match the fills", async () => {
    const bgbBefore = await available(alice, PLATFORM_COIN);
    const ethBefore = await available(alice, "ETH");
    const fills = await buyEth(alice);
    let got = 0n;
    let paid = 0n;
    for (const f of fills) {
      expect(f.feeDetail, JSON.stringify(f)).toMatchObject({ deduction: "yes", feeCoin: PLATFORM_COIN });
      expect(f.feeDetail.totalDeductionFee).toBe(f.feeDetail.totalFee);
      const fee = abs(units(f.feeDetail.totalFee));
      expect(fee).toBeGreaterThan(0n);
      paid += fee;
      got += units(f.size);
    }
    expect(await available(alice, "ETH")).toBe(ethBefore + got);
    expect(await available(alice, PLATFORM_COIN)).toBe(bgbBefore - paid);
    const bills = (await alice.get<Json[]>(`${V2.bills}?coin=${PLATFORM_COIN}&businessType=DEDUCTION_HANDLING_FEE`)).body.data;
    expect(bills.reduce((s, b) => s + units(b.size), 0n)).toBe(-paid);
    // the fee is the discounted value of 0.1 % of the notional: about 0.08 USDT per 100 USDT, at a BGB price of some dollars
    const notional = fills.reduce((s, f) => s + units(f.amount), 0n);
    expect(paid).toBeLessThan(notional / 1000n);
  });

  it("charges the usual coin when the BGB balance does not cover the fee, and when switched off", async () => {
    // bob switched on but holds no BGB
    for (const f of await buyEth(bob)) expect(f.feeDetail).toMatchObject({ deduction: "no", feeCoin: "ETH", totalDeductionFee: "0" });
    expect(await available(bob, PLATFORM_COIN)).toBe(0n);
    // alice switched off
    expect((await alice.post(DEDUCT_PATHS.switch, { deduct: "off" })).body.code).toBe("00000");
    const bgb = await available(alice, PLATFORM_COIN);
    for (const f of await buyEth(alice)) expect(f.feeDetail).toMatchObject({ deduction: "no", feeCoin: "ETH" });
    expect(await available(alice, PLATFORM_COIN)).toBe(bgb);
  });
});
