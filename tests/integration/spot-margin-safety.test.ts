/**
 * Issue 26 on the spot books (docs/decisions/340), through the real gateway process and through
 * the BFF: case 1 (borrowed funds leaving through an unbanded price) gains the colluders nothing;
 * limit prices outside the band are refused with Bitget's 43009/43008 on every entry path (spot
 * place and batch, margin place and batch, a plan that fires); a margin market buy stops at its
 * protection price; a margin order or borrow that would leave the account under its liquidation
 * level is refused with 50026, and the risk preview says so before; self-trade prevention treats
 * a user's spot and margin accounts as one owner. The simulated market is off: every price is one
 * these tests trade.
 */
import Database from "better-sqlite3";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EX_CODES, V2 } from "../../protocol/bitget.ts";
import { MARGIN_CODES, MARGIN_ISOLATED as I } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { queueDeposit } from "../../gateway/exchange/deposits.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { gatewayForSuite, webForSuite, type SuiteServer } from "../setup/suite.ts";
import { until } from "../setup/until.ts";

type Json = Record<string, unknown>;
const ENV = { EXCHANGE_RATE_LIMITS: "off", EXCHANGE_SIMULATOR: "off", EXCHANGE_WELCOME_USDT: "100000" };
const servers: Array<[string, SuiteServer]> = [["the gateway", gatewayForSuite(ENV)]];
if (existsSync(join(process.cwd(), "build", "server"))) servers.push(["the BFF", webForSuite(ENV)]);

for (const [name, server] of servers)
  describe(`money safety on the spot books, through ${name}`, () => {
    let n = 0;
    const users = new Map<Client, string>();
    /** A new account with its key, funded (100,000 USDT welcome) by its first read. */
    const account = async (tag: string) => {
      const userId = `sms-${tag}-${++n}`;
      const c = new Client(server.url, makeKey(server.dir, userId));
      users.set(c, userId);
      expect((await c.get(V2.assets)).body.code).toBe("00000");
      return c;
    };
    const userOf = (c: Client) => users.get(c)!;
    const deposit = async (c: Client, coin: string, amount: bigint) => {
      const db = new Database(join(server.dir, "gateway.sqlite"));
      db.pragma("busy_timeout = 5000");
      queueDeposit(db, { env: "live", userId: userOf(c), coin, amount });
      db.close();
      await until(
        async () => Number((await c.get<Json[]>(`${V2.assets}?coin=${coin}`)).body.data[0]?.available ?? 0),
        (v) => v >= Number(amount) / 1e8,
        10_000,
        100,
      );
    };
    const spot = (c: Client, side: string, price: string, size: string, more: Json = {}) =>
      c.post<Json>(V2.placeOrder, { symbol: "BTCUSDT", side, orderType: "limit", force: "gtc", price, size, ...more });
    const last = async () => Number((await new Client(server.url).get<Json[]>(`${V2.tickers}?symbol=BTCUSDT`)).body.data[0]!.lastPr);
    const fixed = (v: number) => v.toFixed(2);

    /** A book trade at `price` between two funded accounts, so the last price is known. */
    let tape: { seller: Client; buyer: Client } | undefined;
    const tradeAt = async (price: number) => {
      if (!tape) {
        tape = { seller: await account("tape-s"), buyer: await account("tape-b") };
        await deposit(tape.seller, "BTC", 10n ** 8n);
      }
      expect((await spot(tape.seller, "sell", fixed(price), "0.0001")).body.code).toBe("00000");
      expect((await spot(tape.buyer, "buy", fixed(price), "0.0001", { force: "ioc" })).body.code).toBe("00000");
      expect(await last()).toBe(price);
    };

    /** An isolated BTCUSDT account with 20,000 USDT and the full 10x loan (180,000 USDT). */
    const leveraged = async (tag: string) => {
      const c = await account(tag);
      const t = await c.post(MIX_PRIVATE.walletTransfer, {
        fromType: "spot",
        toType: "isolated_margin",
        symbol: "BTCUSDT",
        coin: "USDT",
        amount: "20000",
      });
      expect(t.body.code, t.body.msg).toBe("00000");
      const max = (await c.get<Json>(`${I.maxBorrowable}?symbol=BTCUSDT`)).body.data.quoteCoinMaxBorrowAmount as string;
      expect(Number(max)).toBeGreaterThan(179_000);
      expect((await c.post(I.borrow, { symbol: "BTCUSDT", coin: "USDT", borrowAmount: max })).body.code).toBe("00000");
      return c;
    };

    /** What accounts own over spot and their isolated BTCUSDT margin, at `price`, less what they owe. */
    const worth = async (price: number, ...cs: Client[]) => {
      let v = 0;
      for (const c of cs) {
        for (const a of (await c.get<Json[]>(V2.assets)).body.data) {
          const held = Number(a.available) + Number(a.frozen) + Number(a.locked ?? 0);
          v += a.coin === "USDT" ? held : a.coin === "BTC" ? held * price : 0;
        }
        for (const a of (await c.get<Json[]>(`${I.assets}?symbol=BTCUSDT`)).body.data)
          v += a.coin === "USDT" ? Number(a.net) : a.coin === "BTC" ? Number(a.net) * price : 0;
      }
      return v;
    };
    const riskOf = async (c: Client) =>
      Number(((await c.get<Json[]>(`${I.riskRate}?symbol=BTCUSDT`)).body.data[0]?.riskRateRatio as string | undefined) ?? "0");

    it("case 1: an ask at ~4,000x the market and a margin market buy of the whole loan move nothing out of the house", async () => {
      const p = await last();
      await tradeAt(p);
      const alice = await leveraged("alice");
      const bob = await account("bob");
      await deposit(bob, "BTC", 5n * 10n ** 6n);
      const before = await worth(p, alice, bob);

      const ask = await spot(bob, "sell", fixed(p * 4000), "0.05");
      const buy = await alice.post<Json>(I.placeOrder, {
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        quoteSize: "200000",
        loanType: "normal",
      });
      // the market goes on at the fair price; a liquidation (today's outcome) runs to its end
      await tradeAt(p);
      await until(
        () => riskOf(alice),
        (r) => r === 0 || r >= 1.1,
        20_000,
        200,
      );
      expect(await worth(p, alice, bob)).toBeLessThanOrEqual(before);
      expect(ask.body.code).toBe(EX_CODES.priceAboveBand);
      expect(ask.body.msg).toBe(`The current order price exceeds the limit ${fixed(p * 5)}`);
      expect(buy.body.code).toBe("00000");
      const hist = await alice.get<{ orderList: Json[] }>(`${I.historyOrders}?symbol=BTCUSDT&startTime=0`);
      expect(hist.body.data.orderList.find((o) => o.orderId === buy.body.data.orderId)).toMatchObject({ status: "cancelled" });
    });

    it("refuses limit prices outside the band on spot place and batch, margin place and batch, and a fired plan", async () => {
      const p = await last();
      await tradeAt(p);
      const c = await account("band");
      const high = fixed(Math.floor(p * 1.06));
      const low = fixed(Math.floor(p * 0.19));
      expect((await spot(c, "buy", high, "0.001")).body).toMatchObject({ code: EX_CODES.priceAboveBand });
      expect((await spot(c, "buy", low, "0.01")).body).toMatchObject({ code: EX_CODES.priceBelowBand });
      expect((await spot(c, "buy", fixed(p), "0.001")).body.code).toBe("00000");
      const batch = await c.post<{ successList: Json[]; failureList: Json[] }>(V2.batchOrders, {
        symbol: "BTCUSDT",
        orderList: [
          { side: "buy", orderType: "limit", force: "gtc", price: high, size: "0.001", clientOid: "b-high" },
          { side: "buy", orderType: "limit", force: "gtc", price: fixed(p * 0.99), size: "0.001", clientOid: "b-ok" },
        ],
      });
      expect(batch.body.data.successList.map((s) => s.clientOid)).toEqual(["b-ok"]);
      expect(batch.body.data.failureList).toMatchObject([{ clientOid: "b-high", errorCode: EX_CODES.priceAboveBand }]);

      await c.post(MIX_PRIVATE.walletTransfer, {
        fromType: "spot",
        toType: "isolated_margin",
        symbol: "BTCUSDT",
        coin: "USDT",
        amount: "1000",
      });
      const mg = { symbol: "BTCUSDT", side: "buy", orderType: "limit", loanType: "normal", baseSize: "0.001" };
      expect((await c.post(I.placeOrder, { ...mg, price: high })).body).toMatchObject({ code: EX_CODES.priceAboveBand });
      const mbatch = await c.post<{ successList: Json[]; failureList: Json[] }>(I.batchPlaceOrder, {
        symbol: "BTCUSDT",
        orderList: [
          { ...mg, price: low, baseSize: "0.01", clientOid: "m-low" },
          { ...mg, price: fixed(p), clientOid: "m-ok" },
        ],
      });
      expect(mbatch.body.data.failureList).toMatchObject([{ clientOid: "m-low", errorCode: EX_CODES.priceBelowBand }]);
      expect(mbatch.body.data.successList).toHaveLength(1);

      // a plan whose execute price is outside the band when it fires fails with the reason
      const trigger = Math.round(p * 1.01);
      const plan = await c.post<Json>(V2.placePlan, {
        symbol: "BTCUSDT",
        side: "buy",
        triggerPrice: fixed(trigger),
        orderType: "limit",
        executePrice: fixed(Math.round(p * 1.2)),
        size: "0.001",
        triggerType: "fill_price",
      });
      expect(plan.body.code, plan.body.msg).toBe("00000");
      await tradeAt(trigger);
      const failed = await until(
        async () =>
          (await c.get<{ orderList: Json[] }>(`${V2.historyPlan}?symbol=BTCUSDT&startTime=0&endTime=${Date.now() + 60_000}`)).body.data
            .orderList,
        (list) => list.some((o) => o.orderId === plan.body.data.orderId),
        10_000,
        100,
      );
      expect(failed.find((o) => o.orderId === plan.body.data.orderId)).toMatchObject({
        status: "fail_execute",
        failReason: expect.stringMatching(/^The current order price exceeds the limit /),
      });
      // the symbol list advertises what is enforced
      const sym = (await new Client(server.url).get<Json[]>(`${V2.symbols}?symbol=BTCUSDT`)).body.data[0]!;
      expect(sym).toMatchObject({ buyLimitPriceRatio: "0.05", sellLimitPriceRatio: "0.05" });
    });

    it("stops a margin market buy at its protection price and refuses one that would leave the account under the liquidation level", async () => {
      const p = await last();
      await tradeAt(p);
      const maker = await account("maker");
      await deposit(maker, "BTC", 5n * 10n ** 8n);
      // asks at +4.5 % (inside the protection price) and +8 % (beyond it)
      expect((await spot(maker, "sell", fixed(Math.round(p * 1.045)), "0.01")).body.code).toBe("00000");
      expect((await spot(maker, "sell", fixed(Math.round(p * 1.08)), "2")).body.code).toBe("00000");
      const c = await leveraged("carol");
      const whole = { symbol: "BTCUSDT", side: "buy", orderType: "market", quoteSize: "200000", loanType: "normal" };
      const q = (o: Json) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

      // a small buy fills up to the protection price and no further; the rest is cancelled
      const small = { ...whole, quoteSize: "3000" };
      expect((await c.get<Json>(`${I.riskPreview}?action=order&${q(small)}`)).body.data).toMatchObject({
        accepted: true,
        level: "warning",
        fillBaseSize: "0.01000000",
      });
      const ok = await c.post<Json>(I.placeOrder, small);
      expect(ok.body.code, ok.body.msg).toBe("00000");
      const hist = await c.get<{ orderList: Json[] }>(`${I.historyOrders}?symbol=BTCUSDT&startTime=0`);
      expect(hist.body.data.orderList.find((o) => o.orderId === ok.body.data.orderId)).toMatchObject({
        status: "cancelled",
        priceAvg: fixed(Math.round(p * 1.045)),
      });

      // with depth at +4.5 %, the rest of the loan would buy 4.5 % dear: the preview says what place-order will say
      await tradeAt(p);
      expect((await spot(maker, "sell", fixed(Math.round(p * 1.045)), "2.5")).body.code).toBe("00000");
      whole.quoteSize = "190000";
      const preview = await c.get<Json>(`${I.riskPreview}?action=order&${q(whole)}`);
      expect(preview.body.code).toBe("00000");
      expect(preview.body.data).toMatchObject({
        symbol: "BTCUSDT",
        level: "liquidation",
        accepted: false,
        refuseCode: MARGIN_CODES.riskCheck,
        liquidationRiskRatio: "1.1000",
        warningRiskRatio: "1.3000",
        protectionPrice: fixed(Math.floor((Math.round(p * 100) * 105) / 100) / 100),
      });
      expect(Number(preview.body.data.afterRiskRateRatio)).toBeLessThan(1.1);
      const refused = await c.post(I.placeOrder, whole);
      expect(refused.body.code).toBe(MARGIN_CODES.riskCheck);
      expect(refused.body.msg).toMatch(/^Loan risk control check failed/);

      // a borrow beyond the maximum: the preview names the refusal place-order would answer
      const borrow = await c.get<Json>(`${I.riskPreview}?action=borrow&symbol=BTCUSDT&coin=USDT&borrowAmount=50000`);
      expect(borrow.body.data).toMatchObject({ accepted: false, refuseCode: MARGIN_CODES.borrowExceeds, borrowCoin: "USDT" });
      // bad parameters are envelope errors
      expect((await c.get(`${I.riskPreview}?action=fly&symbol=BTCUSDT`)).body.code).toBe(EX_CODES.paramInvalid);
      expect((await c.get(`${I.riskPreview}?action=order&symbol=BTCUSDT&side=buy&orderType=market`)).body.code).toBe(EX_CODES.paramEmpty);
      expect((await maker.post(V2.cancelSymbol, { symbol: "BTCUSDT" })).body.code).toBe("00000");
    });

    it("self-trade prevention treats a user's spot and margin accounts as one owner", async () => {
      const p = await last();
      await tradeAt(p);
      const u = await account("stp");
      await deposit(u, "BTC", 10n ** 7n);
      await u.post(MIX_PRIVATE.walletTransfer, {
        fromType: "spot",
        toType: "isolated_margin",
        symbol: "BTCUSDT",
        coin: "USDT",
        amount: "5000",
      });
      const rest = await spot(u, "sell", fixed(p), "0.01");
      expect(rest.body.code).toBe("00000");
      const taker = { symbol: "BTCUSDT", side: "buy", orderType: "limit", price: fixed(p), baseSize: "0.01", loanType: "normal" };
      const t1 = await u.post<Json>(I.placeOrder, { ...taker, stpMode: "cancel_taker" });
      expect(t1.body.code).toBe("00000");
      const mine = await u.get<Json[]>(`${V2.orderInfo}?orderId=${rest.body.data.orderId}`);
      expect(mine.body.data[0]).toMatchObject({ status: "live" });
      const hist = async () => (await u.get<{ orderList: Json[] }>(`${I.historyOrders}?symbol=BTCUSDT&startTime=0`)).body.data.orderList;
      expect((await hist()).find((o) => o.orderId === t1.body.data.orderId)).toMatchObject({ status: "cancelled" });
      const t2 = await u.post<Json>(I.placeOrder, { ...taker, stpMode: "cancel_maker" });
      expect((await u.get<Json[]>(`${V2.orderInfo}?orderId=${rest.body.data.orderId}`)).body.data[0]).toMatchObject({
        status: "cancelled",
      });
      expect(t2.body.code).toBe("00000");
    });
  });
