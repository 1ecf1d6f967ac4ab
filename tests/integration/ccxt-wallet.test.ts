/**
 * ccxt compatibility (docs/decisions/308): the unmodified library's wallet through the BFF, on live
 * and on demo: transfers between the accounts (both sides move), deposit address and records,
 * withdrawals (refused without the permission, done with a withdraw key), the ledger, and convert.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PermissionDenied } from "ccxt";
import { WALLET_PATHS } from "../../protocol/wallet.ts";
import { totpAt } from "../../gateway/accounts/totp.ts";
import { makeKey } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey } from "../../gateway/security/api-keys.ts";
import { registerByEmail } from "../setup/accounts.ts";
import { ccxtForSuite, free, MODES, total, type Bitget } from "../setup/ccxt.ts";
import type { ProtocolClient } from "../setup/protocol-client.ts";
import { webForSuite } from "../setup/suite.ts";
import { until } from "../setup/until.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "100000", WALLET_BLOCK_INTERVAL_MS: "50" });
const suite = ccxtForSuite("ccxt-wallet", web);

const TRON_TO = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const PAPER = { paptrading: "1" };

let session: ProtocolClient;
let userId = "";
let withdrawKey: NewApiKey;

beforeAll(async () => {
  const reg = await registerByEmail({ url: web.url, dataDir: web.dir }, "ccxt-wallet@example.com");
  session = reg.c;
  userId = reg.userId;
  const secret = (await session.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
  expect((await session.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
  // the withdraw key's allow-list holds the address the bot calls from (this host)
  const made = await session.call("POST", "/v1/user/api/create", {
    label: "ccxt",
    passphrase: "ccxt-pass",
    permissions: ["read", "trade", "withdraw"],
    ipAllow: ["127.0.0.1"],
    googleCode: totpAt(secret, Date.now() + 30_000),
  });
  expect(made.body.code).toBe("00000");
  withdrawKey = { apiKey: made.body.data.apiKey as string, secretKey: made.body.data.secretKey as string, passphrase: "ccxt-pass" };
});

describe.each(MODES)("ccxt wallet (%s)", (mode) => {
  let ex: Bitget;
  beforeAll(async () => {
    ex = await suite.clientWithKey(mode, makeKey(web.dir, userId));
    await ex.loadMarkets();
  });

  it("transfer spot → swap and back moves both sides; fetchTransfers lists it", async () => {
    const spot0 = free(await ex.fetchBalance(), "USDT");
    const swap0 = free(await ex.fetchBalance({ type: "swap" }), "USDT");
    const t = await ex.transfer("USDT", 150, "spot", "swap");
    expect(t).toMatchObject({ currency: "USDT" });
    expect(free(await ex.fetchBalance(), "USDT")).toBeCloseTo(spot0 - 150, 8);
    expect(free(await ex.fetchBalance({ type: "swap" }), "USDT")).toBeCloseTo(swap0 + 150, 8);
    await ex.transfer("USDT", 50, "swap", "spot");
    expect(free(await ex.fetchBalance(), "USDT")).toBeCloseTo(spot0 - 100, 8);
    expect(free(await ex.fetchBalance({ type: "swap" }), "USDT")).toBeCloseTo(swap0 + 100, 8);
    const listed = await ex.fetchTransfers("USDT");
    expect(listed.some((x) => x.id === t.id && x.amount === 150 && x.fromAccount === "spot" && x.toAccount === "swap")).toBe(true);
  });

  it("transfer spot → cross margin and back moves both sides", async () => {
    const spot0 = free(await ex.fetchBalance(), "USDT");
    await ex.transfer("USDT", 80, "spot", "cross");
    expect(free(await ex.fetchBalance(), "USDT")).toBeCloseTo(spot0 - 80, 8);
    expect(total(await ex.fetchBalance({ type: "margin", marginMode: "cross" }), "USDT")).toBeCloseTo(80, 8);
    await ex.transfer("USDT", 80, "cross", "spot");
    expect(free(await ex.fetchBalance(), "USDT")).toBeCloseTo(spot0, 8);
  });

  it("fetchDepositAddress answers a TRC20 address; fetchDeposits / fetchDeposit read a deposit once it is credited", async () => {
    const addr = await ex.fetchDepositAddress("USDT", { network: "TRC20" });
    expect(addr).toMatchObject({ currency: "USDT", network: "TRC20" });
    expect(addr.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    if (mode === "live") {
      expect(Array.isArray(await ex.fetchDeposits("USDT"))).toBe(true);
      return;
    }
    const before = free(await ex.fetchBalance(), "USDT");
    const made = await session.call("POST", WALLET_PATHS.simulateDeposit, { coin: "USDT", chain: "TRC20", size: "25" }, { headers: PAPER });
    expect(made.body.code).toBe("00000");
    const id = String(made.body.data.orderId);
    const seen = await until(
      () => ex.fetchDeposit(id, "USDT"),
      (d) => d.status === "ok",
      20_000,
      50,
    );
    expect(seen).toMatchObject({ id, currency: "USDT", amount: 25, type: "deposit", status: "ok" });
    expect((await ex.fetchDeposits("USDT")).map((d) => d.id!)).toContain(id);
    expect(free(await ex.fetchBalance(), "USDT")).toBeCloseTo(before + 25, 8);
  });

  it("withdraw with a key without the withdraw permission is refused with PermissionDenied, nothing moves", async () => {
    const before = free(await ex.fetchBalance(), "USDT");
    await expect(ex.withdraw("USDT", 10, TRON_TO, undefined, { network: "TRC20" })).rejects.toBeInstanceOf(PermissionDenied);
    expect(free(await ex.fetchBalance(), "USDT")).toBe(before);
  });

  it("fetchLedger lists the transfers", async () => {
    const ledger = await ex.fetchLedger("USDT");
    expect(ledger.some((l) => l.type === "transfer" && l.amount === 150 && l.direction === "out")).toBe(true);
  });

  it("convert: fetchConvertCurrencies, fetchConvertQuote, createConvertTrade moves both coins, fetchConvertTradeHistory lists it", async () => {
    const currencies = await ex.fetchConvertCurrencies();
    expect(Object.keys(currencies)).toEqual(expect.arrayContaining(["USDT", "BTC"]));
    const b0 = await ex.fetchBalance();
    const quote = await ex.fetchConvertQuote("USDT", "BTC", 30);
    expect(quote).toMatchObject({ fromCurrency: "USDT", toCurrency: "BTC", fromAmount: 30 });
    expect(quote.price).toBeGreaterThan(0);
    expect(quote.toAmount).toBeGreaterThan(0);
    const trade = await ex.createConvertTrade(quote.id!, "USDT", "BTC", 30, {
      price: quote.info.cnvtPrice,
      toAmount: quote.info.toCoinSize,
    });
    // Bitget's trade answer carries no id; it fills at the quote's price or better
    expect(trade).toMatchObject({ toCurrency: "BTC" });
    expect(trade.toAmount).toBeGreaterThanOrEqual(quote.toAmount!);
    expect(Math.abs(trade.price! / quote.price! - 1)).toBeLessThan(0.01);
    const b1 = await ex.fetchBalance();
    const paid = free(b0, "USDT") - free(b1, "USDT");
    // at most the quoted size is spent: what the fill at its price cost
    expect(paid).toBeLessThanOrEqual(30);
    expect(paid).toBeCloseTo(trade.toAmount! / trade.price!, 4);
    expect(free(b1, "BTC") - free(b0, "BTC")).toBeCloseTo(trade.toAmount!, 8);
    const history = await ex.fetchConvertTradeHistory();
    expect(
      history.some(
        (h) => h.fromCurrency === "USDT" && h.toCurrency === "BTC" && h.toAmount === trade.toAmount && h.timestamp === trade.timestamp,
      ),
    ).toBe(true);
  });
});

describe("ccxt wallet: withdraw with a withdraw key (live)", () => {
  it("withdraw succeeds from the key's address and reads back with fetchWithdrawals / fetchWithdrawal; the balance pays amount and fee", async () => {
    const ex = await suite.clientWithKey("live", withdrawKey);
    await ex.loadMarkets();
    const before = free(await ex.fetchBalance(), "USDT");
    const w = await ex.withdraw("USDT", 20, TRON_TO, undefined, { network: "TRC20" });
    expect(w.id!).toBeTruthy();
    const listed = (await ex.fetchWithdrawals("USDT")).find((x) => x.id === w.id!);
    expect(listed).toMatchObject({
      id: w.id!,
      currency: "USDT",
      address: TRON_TO,
      network: "TRC20",
      type: "withdrawal",
      status: "pending",
    });
    expect(Number(listed!.info.size)).toBe(20);
    expect((await ex.fetchWithdrawal(w.id!, "USDT")).id).toBe(w.id!);
    // the size and the network's fee are held (docs/protocol.md §21.3)
    const fee = listed!.fee!.cost!;
    expect(fee).toBeGreaterThan(0);
    expect(free(await ex.fetchBalance(), "USDT")).toBeCloseTo(before - 20 - fee, 8);
  });
});
