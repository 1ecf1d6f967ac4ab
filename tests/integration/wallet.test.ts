/**
 * Deposits and withdrawals on the simulated chain through the BFF (docs/decisions/330): coins and
 * networks, deposit addresses, simulated and operator deposits that gain confirmations, web
 * withdrawals with Google Authenticator, API withdrawals with the key's withdraw permission and IP
 * list, cancels, records and transfer records, and what a careless or hostile caller sends instead.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { WALLET_PATHS } from "../../protocol/wallet.ts";
import { totpAt } from "../../gateway/accounts/totp.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { codeOf, registerByEmail } from "../setup/accounts.ts";
import { messagesTo } from "../setup/outbox.ts";
import { ROOT } from "../setup/processes.ts";
import type { ProtocolClient } from "../setup/protocol-client.ts";
import { webForSuite } from "../setup/suite.ts";
import { until } from "../setup/until.ts";

// Fast blocks; a withdrawal stays pending (cancellable) for 30 of them. Each client its own address, as the BFF reports it.
const web = webForSuite({
  TRUST_PROXY: "loopback",
  EXCHANGE_RATE_LIMITS: "off",
  WALLET_BLOCK_INTERVAL_MS: "100",
  WALLET_REVIEW_BLOCKS: "30",
});
const under = () => ({ url: web.url, dataDir: web.dir });
type Row = Record<string, string>;
const PAPER = { paptrading: "1" };
const TRON_TO = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const BTC_TO = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";

const usdtOf = async (c: Client) => Number((await c.get<Row[]>(`${V2.assets}?coin=USDT`)).body.data[0]?.available ?? "0");
const withdrawalOf = async (c: Client, orderId: string) =>
  (await c.get<Row[]>(`${WALLET_PATHS.withdrawalRecords}?orderId=${orderId}`)).body.data[0];

async function assetOf(c: ProtocolClient, coin: string, headers: Record<string, string> = {}) {
  const r = await c.call("GET", `${V2.assets}?coin=${coin}`, undefined, { headers });
  return (r.body.data as Row[])[0] ?? { available: "0", frozen: "0" };
}

describe("coins and deposit addresses", () => {
  it("lists every coin with its networks in Bitget's shape, filtered in any case", async () => {
    const anon = new Client(web.url);
    const all = await anon.get<Array<{ coin: string; chains: Row[] }>>(WALLET_PATHS.coins);
    expect(all.body.data.map((c) => c.coin)).toEqual([
      "USDT",
      "BTC",
      "ETH",
      "SOL",
      "XRP",
      "DOGE",
      "ADA",
      "LTC",
      "BNB",
      "TRX",
      "LINK",
      "BGB",
    ]);
    const usdt = await anon.get<Array<{ coin: string; chains: Row[] }>>(`${WALLET_PATHS.coins}?coin=usdt`);
    expect(usdt.body.data).toHaveLength(1);
    expect(usdt.body.data[0]!.chains.map((c) => c.chain)).toEqual(["ERC20", "TRC20", "BEP20", "SOL", "ARBITRUMONE"]);
    expect(Object.keys(usdt.body.data[0]!.chains[0]!).sort()).toEqual(
      [
        "chain",
        "needTag",
        "withdrawable",
        "rechargeable",
        "withdrawFee",
        "extraWithdrawFee",
        "depositConfirm",
        "withdrawConfirm",
        "minDepositAmount",
        "minWithdrawAmount",
        "browserUrl",
        "contractAddress",
        "withdrawStep",
        "withdrawMinScale",
        "congestion",
      ].sort(),
    );
    expect((await anon.get(`${WALLET_PATHS.coins}?coin=NOPE`)).body.code).toBe("40034");
    const xrp = await anon.get<Array<{ chains: Row[] }>>(`${WALLET_PATHS.coins}?coin=XRP`);
    expect(xrp.body.data[0]!.chains[0]!.needTag).toBe("true");
  });

  it("gives each user one stable address per coin, network and environment, in the network's format", async () => {
    const alice = new Client(web.url, makeKey(web.dir, "w-addr-alice"));
    const bob = new Client(web.url, makeKey(web.dir, "w-addr-bob"));
    const at = async (c: Client, q: string, headers?: Record<string, string>) =>
      (await new Client(web.url, c.key, headers).get<Row>(`${WALLET_PATHS.depositAddress}?${q}`)).body;
    const btc = await at(alice, "coin=BTC&chain=BTC");
    expect(btc.data).toMatchObject({ coin: "BTC", chain: "BTC", tag: "", url: "https://mempool.space/tx/" });
    expect(btc.data.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect((await at(alice, "coin=btc&chain=btc")).data.address).toBe(btc.data.address);
    expect((await at(bob, "coin=BTC&chain=BTC")).data.address).not.toBe(btc.data.address);
    expect((await at(alice, "coin=BTC&chain=BTC", PAPER)).data.address).not.toBe(btc.data.address);
    expect((await at(alice, "coin=USDT&chain=ERC20")).data.address).toMatch(/^0x(?=.*[A-F])(?=.*[a-f])[0-9a-fA-F]{40}$/);
    expect((await at(alice, "coin=USDT&chain=TRC20")).data.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const xrp = await at(alice, "coin=XRP&chain=XRP");
    expect(xrp.data.address).toMatch(/^r/);
    expect(xrp.data.tag).toMatch(/^\d{9,10}$/);
    expect((await at(alice, "coin=USDT")).data.chain).toBe("ERC20");
    expect((await at(alice, "coin=USDT&chain=BTC")).code).toBe("40017");
    expect((await at(alice, "chain=BTC")).code).toBe("40019");
    expect((await at(alice, "coin=&chain=")).code).toBe("40019");
    expect((await new Client(web.url).get(`${WALLET_PATHS.depositAddress}?coin=BTC`)).body.code).toBe("40001");
  });
});

describe("deposits", () => {
  it("a simulation account's own deposit gains confirmations and is credited; the live account may not make one", async () => {
    const { c } = await registerByEmail(under(), "wallet-sim@example.com");
    const body = { coin: "BTC", chain: "BTC", size: "0.25" };
    expect((await c.call("POST", WALLET_PATHS.simulateDeposit, body)).body.code).toBe("47012");
    const before = Number((await assetOf(c, "BTC", PAPER)).available);
    const made = await c.call("POST", WALLET_PATHS.simulateDeposit, body, { headers: PAPER });
    expect(made.body.code).toBe("00000");
    expect(made.body.data).toMatchObject({
      status: "pending",
      confirm: "0",
      size: "0.25",
      type: "deposit",
      dest: "on_chain",
      chain: "BTC",
    });
    expect((await c.call("POST", WALLET_PATHS.simulateDeposit, { ...body, size: "0.00000001" }, { headers: PAPER })).body.code).toBe(
      "47005",
    );
    expect((await c.call("POST", WALLET_PATHS.simulateDeposit, { ...body, chain: "ERC20" }, { headers: PAPER })).body.code).toBe("40017");
    expect((await c.call("POST", WALLET_PATHS.simulateDeposit, { ...body, size: "1e3" }, { headers: PAPER })).body.code).toBe("40017");
    const records = async () =>
      (await c.call("GET", `${WALLET_PATHS.depositRecords}?coin=BTC`, undefined, { headers: PAPER })).body.data as Row[];
    const done = await until(records, (r) => r[0]?.status === "success", 20_000, 100);
    expect(done[0]).toMatchObject({ orderId: made.body.data.orderId, status: "success", confirm: "2" });
    expect(Number((await assetOf(c, "BTC", PAPER)).available)).toBeCloseTo(before + 0.25, 8);
    // nothing in the live account's records
    expect((await c.call("GET", WALLET_PATHS.depositRecords)).body.data).toEqual([]);
    const guest = await registerByEmail(under(), "wallet-sim-guest@example.com");
    await guest.c.call("POST", "/v1/user/logout", {});
    expect((await guest.c.call("POST", WALLET_PATHS.simulateDeposit, body, { headers: PAPER })).body.code).toBe("00004");
  });

  it("the operator's command deposits to an account by e-mail, credited once after the network's confirmations", async () => {
    const { c } = await registerByEmail(under(), "wallet-cli@example.com");
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ["--import", "tsx", "gateway/wallet/cli/deposit.ts", ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: web.dir },
        encoding: "utf8",
      });
    const out = JSON.parse(run("--email", "WALLET-cli@example.com", "--coin", "usdt", "--chain", "trc20", "--amount", "12.5")) as Row;
    expect(out).toMatchObject({ env: "live", coin: "USDT", chain: "TRC20" });
    const records = async () => (await c.call("GET", WALLET_PATHS.depositRecords)).body.data as Row[];
    const done = await until(records, (r) => r[0]?.status === "success", 20_000, 100);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ orderId: out.orderId, size: "12.5", toAddress: out.toAddress, confirm: "10" });
    expect(Number((await assetOf(c, "USDT")).available)).toBe(10_000 + 12.5);
    expect(() => run("--email", "nobody@example.com", "--coin", "USDT", "--chain", "TRC20", "--amount", "1")).toThrow();
  });
});

describe("web withdrawals", () => {
  it("need Google Authenticator, carry the anti-phishing code in their e-mail, and can be cancelled while pending", async () => {
    const email = "wallet-web@example.com";
    const { c } = await registerByEmail(under(), email);
    const body = { coin: "USDT", transferType: "on_chain", chain: "TRC20", address: TRON_TO, size: "100" };
    expect((await c.call("POST", WALLET_PATHS.withdrawInfo, {})).body.data).toEqual({
      googleBound: false,
      fundSet: false,
      withdrawHoldUntil: 0,
    });
    const refused = await c.call("POST", WALLET_PATHS.withdrawal, body);
    expect(refused.body.code).toBe("47010");
    expect(refused.body.msg).toContain("Google Authenticator");
    expect((await c.call("POST", "/v1/user/security/anti-phishing", { code: "Blue_Heron" })).body.code).toBe("00000");
    const secret = (await c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
    expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
    expect((await c.call("POST", WALLET_PATHS.withdrawInfo, {})).body.data).toEqual({
      googleBound: true,
      fundSet: false,
      withdrawHoldUntil: 0,
    });
    expect((await c.call("POST", WALLET_PATHS.withdrawal, body)).body.code).toBe("20002");
    // the bind spent this step's code; the next step's is within the window
    const code = totpAt(secret, Date.now() + 30_000);
    expect(
      (await c.call("POST", WALLET_PATHS.withdrawal, { ...body, address: TRON_TO.slice(0, -1) + "7", googleCode: code })).body.code,
    ).toBe("47003");
    const made = await c.call("POST", WALLET_PATHS.withdrawal, { ...body, googleCode: code });
    expect(made.body.code).toBe("00000");
    expect(await assetOf(c, "USDT")).toMatchObject({ available: "9899.00000000", frozen: "101.00000000" });
    const mail = messagesTo(web.dir, email).at(-1);
    expect(mail?.subject).toBe("Withdrawal requested");
    expect(mail?.text).toContain("Anti-phishing code: Blue_Heron");
    expect(mail?.text).toContain(TRON_TO);
    const cancel = await c.call("POST", WALLET_PATHS.cancelWithdrawal, { orderId: made.body.data.orderId });
    expect(cancel.body).toMatchObject({ code: "00000", data: "success" });
    expect(await assetOf(c, "USDT")).toMatchObject({ available: "10000.00000000", frozen: "0.00000000" });
    expect((await c.call("POST", WALLET_PATHS.cancelWithdrawal, { orderId: made.body.data.orderId })).body.code).toBe("47011");
    const rec = (await c.call("GET", WALLET_PATHS.withdrawalRecords)).body.data as Row[];
    expect(rec[0]).toMatchObject({
      orderId: made.body.data.orderId,
      status: "cancel",
      state: "cancelled",
      fee: "1",
      size: "100",
      type: "withdraw",
    });
  });

  it("keeps an address book of valid addresses, per user", async () => {
    const { c } = await registerByEmail(under(), "wallet-book@example.com");
    const other = (await registerByEmail(under(), "wallet-book-other@example.com")).c;
    const add = (b: Record<string, unknown>) => c.call("POST", WALLET_PATHS.addressBookAdd, b);
    const a = await add({ label: "cold", coin: "BTC", chain: "BTC", address: BTC_TO });
    expect(a.body).toMatchObject({ code: "00000", data: { label: "cold", coin: "BTC", chain: "BTC", address: BTC_TO, tag: "" } });
    expect((await add({ label: "typo", coin: "BTC", chain: "BTC", address: BTC_TO.replace("t4", "t5") })).body.code).toBe("47003");
    expect((await add({ label: "", coin: "BTC", chain: "BTC", address: BTC_TO })).body.code).toBe("40017");
    expect((await add({ label: "x", coin: "BTC", chain: "TRC20", address: TRON_TO })).body.code).toBe("40017");
    expect(
      (await add({ label: "x", coin: "XRP", chain: "XRP", address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", tag: "12a" })).body.code,
    ).toBe("40017");
    expect((await add({ label: "x", coin: "XRP", chain: "XRP", address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", tag: "12" })).body.code).toBe(
      "00000",
    );
    expect((await c.call("POST", WALLET_PATHS.addressBook, {})).body.data.list).toHaveLength(2);
    // the session's wallet calls are signed like its security settings: an unsigned one is refused
    const unsigned = await c.call(
      "POST",
      WALLET_PATHS.addressBookAdd,
      { label: "y", coin: "BTC", chain: "BTC", address: BTC_TO },
      { sign: false },
    );
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.code).toBe("00020");
    expect((await c.call("POST", WALLET_PATHS.addressBook, {})).body.data.list).toHaveLength(2);
    expect((await other.call("POST", WALLET_PATHS.addressBook, {})).body.data.list).toEqual([]);
    expect((await other.call("POST", WALLET_PATHS.addressBookDelete, { id: a.body.data.id })).body.code).toBe("40017");
    expect((await c.call("POST", WALLET_PATHS.addressBookDelete, { id: a.body.data.id })).body.code).toBe("00000");
    expect((await c.call("POST", WALLET_PATHS.addressBook, {})).body.data.list).toHaveLength(1);
  });
});

/**
 * A registered account with Google Authenticator bound and a key that may withdraw from `ip`: what a
 * key needs to withdraw (docs/decisions/342). The key is written straight to the database, as tests do.
 */
async function withdrawingKey(tag: string, ip: string) {
  const { c, userId } = await registerByEmail(under(), `wallet-${tag}@example.com`);
  const secret = (await c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
  expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
  return new Client(web.url, makeKey(web.dir, userId, ["read", "trade", "withdraw"], [ip]), { "x-forwarded-for": ip });
}

describe("API withdrawals", () => {
  it("a key gets the withdraw permission only with the second factor, then withdraws", async () => {
    const email = "wallet-key@example.com";
    const { c } = await registerByEmail(under(), email);
    const ip = "198.19.250.9";
    const body = { label: "payouts", passphrase: "payout-pass", permissions: ["read", "withdraw"], ipAllow: [ip] };
    expect((await c.call("POST", "/v1/user/api/create", { ...body, permissions: ["read", "withdraw", "withdraw"] })).body.code).toBe(
      "40017",
    );
    // an e-mail code is not enough for a key that withdraws: Google Authenticator, as for a web withdrawal (docs/decisions/342)
    expect((await c.call("POST", "/v1/user/public/send-code", { scene: "api-key" })).body.code).toBe("00000");
    expect((await c.call("POST", "/v1/user/api/create", { ...body, verifyCode: codeOf(under(), email) })).body.code).toBe("47010");
    const secret = (await c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
    expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
    expect((await c.call("POST", "/v1/user/api/create", body)).body.code).toBe("20002");
    const made = await c.call("POST", "/v1/user/api/create", { ...body, googleCode: totpAt(secret, Date.now() + 30_000) });
    expect(made.body).toMatchObject({ code: "00000", data: { permissions: ["read", "withdraw"] } });
    const key = { apiKey: made.body.data.apiKey as string, secretKey: made.body.data.secretKey as string, passphrase: "payout-pass" };
    const bot = new Client(web.url, key, { "x-forwarded-for": ip });
    const w = await bot.post<Row>(WALLET_PATHS.withdrawal, {
      coin: "USDT",
      transferType: "on_chain",
      chain: "TRC20",
      address: TRON_TO,
      size: "10",
    });
    expect(w.body.code).toBe("00000");
    expect((await c.call("GET", WALLET_PATHS.withdrawalRecords)).body.data[0]).toMatchObject({
      orderId: w.body.data.orderId,
      state: "pending",
    });
  });

  it("need a key with the withdraw permission and honour its IP list", async () => {
    const ip = "198.19.250.1";
    const readTrade = new Client(web.url, makeKey(web.dir, "w-api-a", ["read", "trade"]), { "x-forwarded-for": ip });
    const body = { coin: "USDT", transferType: "on_chain", chain: "TRC20", address: TRON_TO, size: "20" };
    expect((await readTrade.post(WALLET_PATHS.withdrawal, body)).body.code).toBe("40014");
    expect((await readTrade.post(WALLET_PATHS.cancelWithdrawal, { orderId: "1" })).body.code).toBe("40014");
    const withdrawing = await withdrawingKey("api-a", ip);
    const key = withdrawing.key as NonNullable<Client["key"]>;
    expect((await new Client(web.url, key, { "x-forwarded-for": "198.19.250.2" }).post(WALLET_PATHS.withdrawal, body)).body.code).toBe(
      "40018",
    );
    const ok = await withdrawing.post<Row>(WALLET_PATHS.withdrawal, body);
    expect(ok.body.code).toBe("00000");
  });

  it("refuses bad input, replays and other users' withdrawals, and pays out after the confirmations", async () => {
    const alice = await withdrawingKey("api-alice", "198.19.250.3");
    const bob = await withdrawingKey("api-bob", "198.19.250.4");
    const base = { coin: "USDT", transferType: "on_chain", chain: "TRC20", address: TRON_TO, size: "50" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, coin: "" }, "40019"],
      [{ ...base, address: "" }, "40019"],
      [{ ...base, size: "" }, "40017"],
      [{ ...base, chain: "" }, "40019"],
      [{ ...base, chain: "ERC20" }, "47003"],
      [{ ...base, chain: "BTC" }, "40017"],
      [{ ...base, coin: "NOPE" }, "40034"],
      [{ ...base, transferType: "internal_transfer" }, "40017"],
      [{ ...base, address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T" }, "47003"],
      [{ ...base, tag: "123" }, "40017"],
      [{ ...base, size: "-5" }, "40017"],
      [{ ...base, size: "0" }, "40017"],
      [{ ...base, size: "1.1234567" }, "40017"],
      [{ ...base, size: "5" }, "47005"],
      [{ ...base, size: "999999999999999999" }, "40017"],
      [{ ...base, size: "9999999999" }, "43012"],
      [{ ...base, clientOid: "has spaces" }, "40017"],
    ];
    for (const [b, code] of cases) expect((await alice.post(WALLET_PATHS.withdrawal, b)).body.code, JSON.stringify(b)).toBe(code);
    expect(await usdtOf(alice)).toBe(10_000);

    const made = await alice.post<Row>(WALLET_PATHS.withdrawal, { ...base, clientOid: "wd-1" });
    expect(made.body).toMatchObject({ code: "00000", data: { clientOid: "wd-1" } });
    expect((await alice.post(WALLET_PATHS.withdrawal, { ...base, clientOid: "wd-1" })).body.code).toBe("43118");
    const orderId = made.body.data.orderId as string;
    expect((await bob.post(WALLET_PATHS.cancelWithdrawal, { orderId })).body.code).toBe("43001");
    expect((await bob.get(`${WALLET_PATHS.withdrawalRecords}?orderId=${orderId}`)).body.data).toEqual([]);
    expect((await alice.post(WALLET_PATHS.cancelWithdrawal, { orderId: "" })).body.code).toBe("40019");
    expect((await alice.post(WALLET_PATHS.cancelWithdrawal, { orderId: "abc" })).body.code).toBe("43001");
    expect(await withdrawalOf(alice, orderId)).toMatchObject({ status: "pending", state: "pending", fee: "1", size: "50", tradeId: "" });

    const done = await until(
      () => withdrawalOf(alice, orderId),
      (w) => w?.state === "success",
      30_000,
      200,
    );
    expect(done).toMatchObject({ status: "success", confirm: "10", toAddress: TRON_TO, clientOid: "wd-1" });
    expect(done?.tradeId).toMatch(/^[0-9a-f]{64}$/);
    expect((await alice.post(WALLET_PATHS.cancelWithdrawal, { orderId })).body.code).toBe("47011");
    const spot = (await alice.get<Row[]>(`${V2.assets}?coin=USDT`)).body.data[0];
    expect(spot).toMatchObject({ available: "9949.00000000", frozen: "0.00000000" });
    const bills = (await alice.get<Row[]>(`${V2.bills}?coin=USDT&groupType=withdraw`)).body.data;
    expect(bills.map((b) => [b.businessType, b.size]).sort()).toEqual([
      ["DEDUCTION_HANDLING_FEE", "-1.00000000"],
      ["WITHDRAW", "-50.00000000"],
    ]);
    // records: filters and the idLessThan cursor
    const page = async (q: string) => (await alice.get<Row[]>(`${WALLET_PATHS.withdrawalRecords}?${q}`)).body;
    expect((await page("coin=BTC")).data).toEqual([]);
    const ids = async (q: string) => (await page(q)).data.map((r) => r.orderId);
    expect(await ids(`idLessThan=${Number(orderId) + 1}`)).toContain(orderId);
    expect(await ids(`idLessThan=${orderId}`)).not.toContain(orderId);
    expect((await page("startTime=5&endTime=4")).code).toBe("40017");
    for (const q of ["orderId=abc", "limit=x", "idLessThan=-1", "coin=NOPE", "startTime=later"])
      expect((await page(q)).code, q).toMatch(/^400(17|34)$/);
    expect((await alice.get(`${WALLET_PATHS.depositRecords}?orderId=${orderId}`)).body.data).toEqual([]);
    // a limit past 100 is read as 100, not refused
    expect((await page("limit=1000")).code).toBe("00000");
    expect((await page("limit=1000")).data.length).toBeLessThanOrEqual(100);
    expect((await page(`startTime=0&endTime=${Date.now()}`)).data.length).toBeGreaterThan(0);
  });
});

describe("transfer records", () => {
  it("lists the caller's transfers between spot, futures and margin in Bitget's shape", async () => {
    const alice = new Client(web.url, makeKey(web.dir, "w-tr-alice"));
    const t1 = await alice.post<Row>(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "300", coin: "USDT" });
    const t2 = await alice.post<Row>(MIX_PRIVATE.walletTransfer, {
      fromType: "spot",
      toType: "crossed_margin",
      amount: "200",
      coin: "USDT",
    });
    const t3 = await alice.post<Row>(MIX_PRIVATE.walletTransfer, { fromType: "usdt_futures", toType: "spot", amount: "100", coin: "USDT" });
    for (const t of [t1, t2, t3]) expect(t.body.code).toBe("00000");
    const recs = (await alice.get<Row[]>(WALLET_PATHS.transferRecords)).body.data;
    expect(recs.map((r) => [r.fromType, r.toType, r.size, r.transferId])).toEqual([
      ["usdt_futures", "spot", "100", t3.body.data.transferId],
      ["spot", "crossed_margin", "200", t2.body.data.transferId],
      ["spot", "usdt_futures", "300", t1.body.data.transferId],
    ]);
    expect(recs[0]).toMatchObject({ coin: "USDT", status: "Successful", toSymbol: "", fromSymbol: "" });
    const fromSpot = (await alice.get<Row[]>(`${WALLET_PATHS.transferRecords}?fromType=SPOT`)).body.data;
    expect(fromSpot).toHaveLength(2);
    const older = (await alice.get<Row[]>(`${WALLET_PATHS.transferRecords}?idLessThan=${recs[0]!.billId}&limit=1`)).body.data;
    expect(older.map((r) => r.transferId)).toEqual([t2.body.data.transferId]);
    expect((await alice.get(`${WALLET_PATHS.transferRecords}?fromType=bank`)).body.code).toBe("40017");
    expect((await alice.get(`${WALLET_PATHS.transferRecords}?coin=NOPE`)).body.code).toBe("40034");
    expect((await new Client(web.url, makeKey(web.dir, "w-tr-bob")).get(WALLET_PATHS.transferRecords)).body.data).toEqual([]);
  });

  it("keeps a clientOid to one transfer, even sent twice at once, and finds the transfer by it", async () => {
    const carol = new Client(web.url, makeKey(web.dir, "w-oid-carol"));
    const dave = new Client(web.url, makeKey(web.dir, "w-oid-dave"));
    const move = (c: Client, body: Record<string, unknown>) =>
      c.post<Row>(MIX_PRIVATE.walletTransfer, { fromType: "spot", amount: "10", coin: "USDT", ...body });
    const before = await usdtOf(carol);

    // the same new clientOid twice at once: exactly one moves
    const both = await Promise.all([1, 2].map(() => move(carol, { toType: "usdt_futures", clientOid: "bot-1" })));
    expect(both.map((r) => r.body.code).sort()).toEqual(["00000", "43118"]);
    const first = both.find((r) => r.body.code === "00000")!.body.data;
    expect(first.clientOid).toBe("bot-1");
    // again later, to futures or to margin: refused, nothing moves
    expect((await move(carol, { toType: "usdt_futures", clientOid: "bot-1" })).body.code).toBe("43118");
    expect((await move(carol, { toType: "crossed_margin", clientOid: "bot-1" })).body.code).toBe("43118");
    const margin = await move(carol, { toType: "crossed_margin", clientOid: "bot-2" });
    expect(margin.body.code).toBe("00000");
    const plain = await move(carol, { toType: "usdt_futures", clientOid: "" });
    expect(plain.body.code).toBe("00000");
    expect(await usdtOf(carol)).toBe(before - 30);
    // another user's clientOid is their own
    expect((await move(dave, { toType: "usdt_futures", clientOid: "bot-1" })).body.code).toBe("00000");

    const recs = (await carol.get<Row[]>(WALLET_PATHS.transferRecords)).body.data;
    expect(recs.map((r) => [r.transferId, r.clientOid])).toEqual([
      [plain.body.data.transferId, ""],
      [margin.body.data.transferId, "bot-2"],
      [first.transferId, "bot-1"],
    ]);
    const byOid = (oid: string) => carol.get<Row[]>(`${WALLET_PATHS.transferRecords}?clientOid=${oid}`);
    expect((await byOid("bot-1")).body.data).toEqual([recs[2]]);
    expect((await byOid("bot-2")).body.data).toEqual([recs[1]]);
    expect((await byOid("nobody")).body.data).toEqual([]);
    expect((await byOid("x".repeat(65))).body.code).toBe("40017");
  });
});
