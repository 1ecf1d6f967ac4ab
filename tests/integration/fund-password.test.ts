/**
 * The fund password (docs/decisions/350), through the gateway alone and through the BFF: the
 * user-info flags change only through their flows; set, change and reset travel sealed, need the
 * second factor (set, reset) or the old password (change); web withdrawals and address-book
 * changes need it once set, API keys do not; a reset holds withdrawals for 24 hours; wrong
 * passwords lock it as wrong codes lock TOTP; and what an attacker sends instead is refused.
 */
import { describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { FUND_LIMITS, FUND_PATHS } from "../../protocol/fund.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { WALLET_PATHS } from "../../protocol/wallet.ts";
import { totpAt } from "../../gateway/accounts/totp.ts";
import { codeOf, registerByEmail, withDb, type GatewayUnderTest } from "../setup/accounts.ts";
import { messagesTo } from "../setup/outbox.ts";
import type { ProtocolClient } from "../setup/protocol-client.ts";
import { gatewayForSuite, webForSuite, type SuiteServer } from "../setup/suite.ts";

const TRON_TO = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const WITHDRAW = { coin: "USDT", transferType: "on_chain", chain: "TRC20", address: TRON_TO, size: "10" };
const FUND = "Fund-c0de";

type Flags = { isFund: boolean; fundValue: boolean; fundDisabled: boolean; tbf: boolean; tpi: boolean; tpl: boolean };

async function flagsOf(c: ProtocolClient): Promise<Flags> {
  const d = (await c.call("POST", "/v1/user/overview/userinfo", { locale: "en" })).body.data;
  return {
    isFund: d.userInfo.isFund,
    fundValue: d.userInfo.fundValue,
    fundDisabled: d.userInfo.fundDisabled,
    tbf: d.settings.tbf,
    tpi: d.settings.tpi,
    tpl: d.settings.tpl,
  };
}
const NONE: Flags = { isFund: false, fundValue: false, fundDisabled: false, tbf: false, tpi: false, tpl: false };
const NEVER: Flags = { isFund: true, fundValue: false, fundDisabled: true, tbf: true, tpi: false, tpl: true };

function fundSuite(name: string, server: SuiteServer) {
  const under = (): GatewayUnderTest => ({ url: server.url, dataDir: server.dir });
  /** A fresh authenticator code; the guard's memory of used steps set back as a clock moving on would. */
  const totp = (userId: string, secret: string) => {
    withDb(under(), (db) => db.prepare("UPDATE totp_guard SET last_step = 0 WHERE user_id = ?").run(userId));
    return totpAt(secret, Date.now());
  };
  let n = 0;
  async function account(google = true) {
    n += 1;
    const email = `fund-${n}-${name}@example.com`;
    const { c, userId } = await registerByEmail(under(), email);
    let secret = "";
    if (google) {
      secret = (await c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
      expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
    }
    /** A fund-password code from the inbox: a new one, or the unspent one sent less than a minute ago (20007). */
    const mailCode = async () => {
      expect(["00000", "20007"]).toContain((await c.call("POST", "/v1/user/public/send-code", { scene: "fund-password" })).body.code);
      return codeOf(under(), email);
    };
    const code = () => totp(userId, secret);
    /** Sets the fund password through its flow. */
    const setFund = async (pwd = FUND) => {
      const r = await c.secure(FUND_PATHS.set, { fundPwd: pwd, reFundPwd: pwd, verifyCode: await mailCode(), googleCode: code() });
      expect(r.body.code).toBe("00000");
    };
    return { c, userId, email, secret, code, mailCode, setFund };
  }

  describe(`${name}: setting the fund password`, () => {
    it("the flags stay false until the flow sets it, then say so; the stored value is a hash", async () => {
      const a = await account();
      expect(await flagsOf(a.c)).toEqual(NONE);
      // without the second factor, with a wrong code, a weak password or the login password: nothing changes
      const verifyCode = await a.mailCode();
      const tries: Array<[Record<string, unknown>, string]> = [
        [{ fundPwd: FUND, reFundPwd: FUND }, "20002"],
        [{ fundPwd: FUND, reFundPwd: FUND, verifyCode, googleCode: "000000" }, "20002"],
        [{ fundPwd: "short", reFundPwd: "short", verifyCode, googleCode: a.code() }, "20020"],
        [{ fundPwd: "", reFundPwd: "", verifyCode, googleCode: a.code() }, "20020"],
        [{ fundPwd: FUND, reFundPwd: `${FUND}x`, verifyCode, googleCode: a.code() }, "20006"],
        [{ fundPwd: "Passw0rd!x", reFundPwd: "Passw0rd!x", verifyCode, googleCode: a.code() }, "20020"],
      ];
      for (const [fields, code] of tries) {
        expect((await a.c.secure(FUND_PATHS.set, fields)).body.code, JSON.stringify(fields)).toBe(code);
        expect(await flagsOf(a.c)).toEqual(NONE);
      }
      // sent in the clear instead of sealed: refused before anything is read
      const clear = await a.c.call("POST", FUND_PATHS.set, { fundPwd: FUND, reFundPwd: FUND, verifyCode, googleCode: a.code() });
      expect(clear.body.code).toBe("20011");
      expect(await flagsOf(a.c)).toEqual(NONE);

      await a.setFund();
      expect(await flagsOf(a.c)).toEqual(NEVER);
      const stored = withDb(under(), (db) => db.prepare("SELECT fund_pwd_hash FROM users WHERE id = ?").get(a.userId)) as {
        fund_pwd_hash: string;
      };
      expect(stored.fund_pwd_hash).toMatch(/^scrypt\$/);
      expect(stored.fund_pwd_hash).not.toContain(FUND);
      expect(messagesTo(server.dir, a.email).at(-1)?.subject).toBe("Fund password set");
      // set twice: refused; the first stays
      const again = await a.c.secure(FUND_PATHS.set, { fundPwd: "Other-c0de", reFundPwd: "Other-c0de", verifyCode: "123456" });
      expect(again.body.code).toBe("20021");
    });

    it("a flag written without its flow is not what the flow writes: only a hash set by the flow opens a withdrawal", async () => {
      const a = await account();
      // Someone sets the column to a value that is not a hash of any password: the flag turns on
      // (the flag reads the stored state), but no fund password proves anything against it.
      withDb(under(), (db) => db.prepare("UPDATE users SET fund_pwd_hash = 'x' WHERE id = ?").run(a.userId));
      expect((await flagsOf(a.c)).isFund).toBe(true);
      const r = await a.c.secure(WALLET_PATHS.withdrawal, { fundPwd: FUND }, { ...WITHDRAW, googleCode: a.code() });
      expect(r.body.code).toBe("20002");
    });

    it("the trade-asking choice moves fundValue / fundDisabled, and needs the fund password", async () => {
      const a = await account();
      expect((await a.c.secure(FUND_PATHS.tradeMode, { fundPwd: FUND }, { tradeMode: "every" })).body.code).toBe("20021");
      await a.setFund();
      expect((await a.c.secure(FUND_PATHS.tradeMode, { fundPwd: "Wrong-c0de" }, { tradeMode: "2h" })).body.code).toBe("20002");
      expect(await flagsOf(a.c)).toEqual(NEVER);
      expect((await a.c.secure(FUND_PATHS.tradeMode, { fundPwd: FUND }, { tradeMode: "sometimes" })).body.code).toBe("40017");
      expect((await a.c.secure(FUND_PATHS.tradeMode, { fundPwd: FUND }, { tradeMode: "2h" })).body.code).toBe("00000");
      expect(await flagsOf(a.c)).toEqual({ isFund: true, fundValue: true, fundDisabled: false, tbf: true, tpi: true, tpl: false });
      expect((await a.c.secure(FUND_PATHS.tradeMode, { fundPwd: FUND }, { tradeMode: "every" })).body.code).toBe("00000");
      expect(await flagsOf(a.c)).toEqual({ isFund: true, fundValue: false, fundDisabled: false, tbf: true, tpi: false, tpl: false });
    });
  });

  describe(`${name}: withdrawals and the address book`, () => {
    it("need the sealed fund password once it is set; API keys are not asked; a sub-account uses its main account's", async () => {
      const a = await account();
      // before a fund password: as before
      expect((await a.c.call("POST", WALLET_PATHS.withdrawal, { ...WITHDRAW, googleCode: a.code() })).body.code).toBe("00000");
      await a.setFund();
      expect((await a.c.call("POST", WALLET_PATHS.withdrawInfo, {})).body.data).toEqual({
        googleBound: true,
        fundSet: true,
        withdrawHoldUntil: 0,
      });
      const plain = await a.c.call("POST", WALLET_PATHS.withdrawal, { ...WITHDRAW, googleCode: a.code() });
      expect(plain.body.code).toBe("47020");
      // in the clear next to the sealed payload: the clear one is never read
      const clearField = await a.c.secure(WALLET_PATHS.withdrawal, {}, { ...WITHDRAW, fundPwd: FUND, googleCode: a.code() });
      expect(clearField.body.code).toBe("47020");
      expect((await a.c.secure(WALLET_PATHS.withdrawal, { fundPwd: "" }, { ...WITHDRAW, googleCode: a.code() })).body.code).toBe("47020");
      expect((await a.c.secure(WALLET_PATHS.withdrawal, { fundPwd: "Wrong-c0de" }, { ...WITHDRAW, googleCode: a.code() })).body.code).toBe(
        "20002",
      );
      const good = await a.c.secure(WALLET_PATHS.withdrawal, { fundPwd: FUND }, { ...WITHDRAW, googleCode: a.code() });
      expect(good.body.code).toBe("00000");

      const book = { label: "cold", coin: "USDT", chain: "TRC20", address: TRON_TO };
      expect((await a.c.call("POST", WALLET_PATHS.addressBookAdd, book)).body.code).toBe("47020");
      const added = await a.c.secure(WALLET_PATHS.addressBookAdd, { fundPwd: FUND }, book);
      expect(added.body.code).toBe("00000");
      expect((await a.c.call("POST", WALLET_PATHS.addressBookDelete, { id: added.body.data.id })).body.code).toBe("47020");
      expect((await a.c.secure(WALLET_PATHS.addressBookDelete, { fundPwd: FUND }, { id: added.body.data.id })).body.code).toBe("00000");

      // a sub-account: its main account's fund password, its flags
      const sub = await a.c.call("POST", "/v1/user/sub/create", { nickName: `fsub${n}` });
      expect(sub.body.code).toBe("00000");
      const switched = await a.c.secure("/v1/user/sub/switchWeb", { userId: sub.body.data.userId });
      expect(switched.body.code).toBe("00000");
      expect(await flagsOf(a.c)).toEqual(NEVER);
      expect((await a.c.secure(FUND_PATHS.set, { fundPwd: "Other-c0de", reFundPwd: "Other-c0de" })).body.code).toBe("40017");
      expect((await a.c.call("POST", WALLET_PATHS.addressBookAdd, book)).body.code).toBe("47020");
      expect((await a.c.secure(WALLET_PATHS.addressBookAdd, { fundPwd: FUND }, book)).body.code).toBe("00000");
    });

    it("a reset needs the second factor and holds every withdrawal (web and key) for 24 hours on the clock", async () => {
      const a = await account();
      await a.setFund();
      const NEW = "Fresh-c0de";
      // without the e-mail code, or without the authenticator code: refused, nothing held
      expect((await a.c.secure(FUND_PATHS.reset, { fundPwd: NEW, reFundPwd: NEW, googleCode: a.code() })).body.code).toBe("20002");
      expect((await a.c.secure(FUND_PATHS.reset, { fundPwd: NEW, reFundPwd: NEW, verifyCode: await a.mailCode() })).body.code).toBe(
        "20002",
      );
      const before = Date.now();
      const reset = await a.c.secure(FUND_PATHS.reset, {
        fundPwd: NEW,
        reFundPwd: NEW,
        verifyCode: await a.mailCode(),
        googleCode: a.code(),
      });
      expect(reset.body.code).toBe("00000");
      const until = reset.body.data.withdrawHoldUntil as number;
      expect(until).toBeGreaterThanOrEqual(before + FUND_LIMITS.resetHoldMs);
      expect(messagesTo(server.dir, a.email).at(-1)?.subject).toBe("Fund password reset");
      expect(await flagsOf(a.c)).toEqual(NEVER);
      expect((await a.c.call("POST", WALLET_PATHS.withdrawInfo, {})).body.data.withdrawHoldUntil).toBe(until);
      const held = await a.c.secure(WALLET_PATHS.withdrawal, { fundPwd: NEW }, { ...WITHDRAW, googleCode: a.code() });
      expect(held.body).toMatchObject({ code: "47021", data: { until } });
      // a minute before the 24 hours are up it still holds; at the hour it opens (the stored time moved as the clock would)
      const moveClock = (ms: number) =>
        withDb(under(), (db) => db.prepare("UPDATE users SET fund_hold_until = fund_hold_until - ? WHERE id = ?").run(ms, a.userId));
      moveClock(FUND_LIMITS.resetHoldMs - 60_000);
      expect((await a.c.secure(WALLET_PATHS.withdrawal, { fundPwd: NEW }, { ...WITHDRAW, googleCode: a.code() })).body.code).toBe("47021");
      moveClock(60_000);
      // the old password is gone; the new one works
      expect((await a.c.secure(WALLET_PATHS.withdrawal, { fundPwd: FUND }, { ...WITHDRAW, googleCode: a.code() })).body.code).toBe("20002");
      expect((await a.c.secure(WALLET_PATHS.withdrawal, { fundPwd: NEW }, { ...WITHDRAW, googleCode: a.code() })).body.code).toBe("00000");
    });

    it("a change needs the old password and holds nothing", async () => {
      const a = await account(false);
      await a.c.secure(FUND_PATHS.set, { fundPwd: FUND, reFundPwd: FUND, verifyCode: await a.mailCode() });
      expect(await flagsOf(a.c)).toEqual(NEVER);
      const NEW = "Chang3d-pw";
      expect((await a.c.secure(FUND_PATHS.change, { oldFundPwd: "Wrong-c0de", fundPwd: NEW, reFundPwd: NEW })).body.code).toBe("20002");
      expect((await a.c.secure(FUND_PATHS.change, { oldFundPwd: FUND, fundPwd: NEW, reFundPwd: NEW })).body.code).toBe("00000");
      expect((await a.c.call("POST", WALLET_PATHS.withdrawInfo, {})).body.data).toEqual({
        googleBound: false,
        fundSet: true,
        withdrawHoldUntil: 0,
      });
      expect((await a.c.secure(FUND_PATHS.change, { oldFundPwd: FUND, fundPwd: FUND, reFundPwd: FUND })).body.code).toBe("20002");
    });
  });

  describe(`${name}: an attacker`, () => {
    it("cannot replay a sealed fund password, nor use it on another user's session", async () => {
      const a = await account();
      await a.setFund();
      const sealed = a.c.encrypt({ fundPwd: FUND });
      const book = { label: "cold", coin: "USDT", chain: "TRC20", address: TRON_TO };
      expect((await a.c.call("POST", WALLET_PATHS.addressBookAdd, { ...book, bodyCiphertext: sealed })).body.code).toBe("00000");
      const replay = await a.c.call("POST", WALLET_PATHS.addressBookAdd, { ...book, bodyCiphertext: sealed });
      expect(replay.body).toMatchObject({ code: "20011", data: { reason: "replayed" } });
      // a second user with the same fund password text: the first's sealed password is not theirs to use, and spent anyway
      const b = await account();
      await b.setFund();
      const stolen = a.c.encrypt({ fundPwd: FUND });
      // b's session carries a's sealed payload: it is b's own password that is checked, and it is the same text here,
      // so the attacker needs b's password, not a's session; a's payload replayed on b's session after a used it fails
      expect((await a.c.call("POST", WALLET_PATHS.addressBookAdd, { ...book, bodyCiphertext: stolen })).body.code).toBe("00000");
      expect((await b.c.call("POST", WALLET_PATHS.addressBookAdd, { ...book, bodyCiphertext: stolen })).body).toMatchObject({
        code: "20011",
        data: { reason: "replayed" },
      });
      // a's fund password does not open b's: different passwords
      const c2 = await account();
      await c2.setFund("Other-c0de");
      expect((await c2.c.secure(WALLET_PATHS.addressBookAdd, { fundPwd: FUND }, book)).body.code).toBe("20002");
      // no session at all: the session-end code, nothing read
      const guest = await registerByEmail(under(), `fund-guest-${name}@example.com`);
      guest.c.cookies.clear();
      expect((await guest.c.secure(FUND_PATHS.change, { oldFundPwd: FUND, fundPwd: "x1", reFundPwd: "x1" })).body.code).toBe("00004");
    });

    it("wrong fund passwords lock it as wrong codes lock TOTP: 10 in a row, then 429 42900 even for the right one", async () => {
      const a = await account();
      await a.setFund();
      const book = { label: "cold", coin: "USDT", chain: "TRC20", address: TRON_TO };
      for (let i = 1; i < FUND_LIMITS.guard.free; i++)
        expect((await a.c.secure(WALLET_PATHS.addressBookAdd, { fundPwd: `Wrong-${i}x` }, book)).body.code).toBe("20002");
      const tenth = await a.c.secure(WALLET_PATHS.addressBookAdd, { fundPwd: "Wrong-10x" }, book);
      expect(tenth.status).toBe(429);
      expect(tenth.body.code).toBe("42900");
      expect(tenth.body.data.retryAfterMs).toBeGreaterThan(FUND_LIMITS.guard.lockMs - 60_000);
      // the right password is refused while locked, everywhere it is asked
      expect((await a.c.secure(WALLET_PATHS.addressBookAdd, { fundPwd: FUND }, book)).body.code).toBe("42900");
      expect((await a.c.secure(FUND_PATHS.tradeMode, { fundPwd: FUND }, { tradeMode: "2h" })).body.code).toBe("42900");
      // the lock over (moved as the clock would), the right one clears the count
      withDb(under(), (db) => db.prepare("UPDATE fund_guard SET locked_until = 0 WHERE user_id = ?").run(a.userId));
      expect((await a.c.secure(WALLET_PATHS.addressBookAdd, { fundPwd: FUND }, book)).body.code).toBe("00000");
      expect(withDb(under(), (db) => db.prepare("SELECT failures FROM fund_guard WHERE user_id = ?").get(a.userId))).toEqual({
        failures: 0,
      });
    });
  });

  describe(`${name}: trades`, () => {
    it("ask for the fund password as the account chose: every order, once per 2 hours, or never; demo orders never", async () => {
      const a = await account();
      // a resting buy a tenth under the last price: inside the price band, never filled here
      const last = Number((await a.c.call("GET", `${V2.tickers}?symbol=BTCUSDT`)).body.data[0].lastPr);
      const price = String(Math.floor(last * 0.9));
      const ORDER = { symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", price, size: "0.001" };
      const place = () => a.c.call("POST", V2.placeOrder, ORDER);
      expect((await place()).body.code).toBe("00000");
      await a.setFund();
      // never (the default): orders go through
      expect((await place()).body.code).toBe("00000");
      expect((await a.c.secure(FUND_PATHS.tradeMode, { fundPwd: FUND }, { tradeMode: "every" })).body.code).toBe("00000");
      expect((await place()).body.code).toBe("47022");
      const futures = await a.c.call("POST", MIX_PRIVATE.placeOrder, {
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        marginMode: "crossed",
        marginCoin: "USDT",
        side: "buy",
        orderType: "limit",
        price,
        size: "0.01",
      });
      expect(futures.body.code).toBe("47022");
      // demo trading is never asked
      expect((await a.c.call("POST", V2.placeOrder, ORDER, { headers: { paptrading: "1" } })).body.code).toBe("00000");
      expect((await a.c.secure(FUND_PATHS.tradeVerify, { fundPwd: "Wrong-c0de" })).body.code).toBe("20002");
      expect((await a.c.secure(FUND_PATHS.tradeVerify, { fundPwd: FUND })).body.code).toBe("00000");
      expect((await place()).body.code).toBe("00000");
      expect((await place()).body.code).toBe("47022");
      expect((await a.c.secure(FUND_PATHS.tradeMode, { fundPwd: FUND }, { tradeMode: "2h" })).body.code).toBe("00000");
      expect((await a.c.secure(FUND_PATHS.tradeVerify, { fundPwd: FUND })).body.code).toBe("00000");
      expect((await place()).body.code).toBe("00000");
      expect((await place()).body.code).toBe("00000");
      // two hours later (moved as the clock would) it asks again
      withDb(under(), (db) => db.prepare("UPDATE fund_trade_proofs SET until = ? WHERE user_id = ?").run(Date.now() - 1, a.userId));
      expect((await place()).body.code).toBe("47022");
    });
  });
}

fundSuite("gateway", gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off" }));
fundSuite("web", webForSuite({ TRUST_PROXY: "loopback", EXCHANGE_RATE_LIMITS: "off" }));
