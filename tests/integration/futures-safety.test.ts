/**
 * Money safety of futures over HTTP (issue 26, docs/decisions/341), through the gateway process
 * itself and through the BFF (web server): the fund's work-off never trades through the takeover
 * price (case 4), a reduce-only order dies with its position (case 5), limit prices are banded and
 * market orders stop at the protection price, an order its own fill would liquidate is refused,
 * and the demo product type never reaches live (case 6).
 */
import { describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { MIX, MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { BTC_FUTURES as BTC, futuresDetail, futuresOrder, futuresPositions, type Row, openFutures } from "../setup/futures.ts";
import { steerFuturesPrice } from "../setup/price-control.ts";
import { gatewayForSuite, webForSuite, type SuiteServer } from "../setup/suite.ts";

const ENV = { EXCHANGE_RATE_LIMITS: "off", SIM_PRICE_CONTROL: "1", EXCHANGE_WELCOME_USDT: "200000" };

async function until<T>(what: () => Promise<T | undefined>, ms = 40_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

function cases(name: string, server: SuiteServer): void {
  const trader = async (who: string, usdt: string): Promise<Client> => {
    const c = await openFutures(new Client(server.url, makeKey(server.dir, `${name}-${who}`)));
    expect((await c.get(V2.assets)).body.code).toBe("00000");
    const t = await c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: usdt, coin: "USDT" });
    expect(t.body.code).toBe("00000");
    return c;
  };
  const ticker = async (headers: Record<string, string> = {}, productType = "USDT-FUTURES") => {
    const c = new Client(server.url, undefined, headers);
    return (await c.get<Row[]>(`${MIX.ticker}?symbol=BTCUSDT&productType=${productType}`)).body.data[0]!;
  };
  const px = (v: number) => v.toFixed(1);

  describe(`${name}: price protection and the post-trade check`, () => {
    it("refuses limit prices outside the band with 40706 naming the bound, and a self-liquidating order with 40762", async () => {
      const u = await trader("band", "20000");
      const mark = Number((await ticker()).markPrice);
      for (const [side, price] of [
        ["buy", mark * 1.08],
        ["buy", mark * 0.1],
        ["sell", mark * 0.92],
        ["sell", mark * 6],
      ] as const) {
        const r = await futuresOrder(u, side, "0.001", "limit", { price: px(price), marginMode: "crossed" });
        expect(r.status).toBeLessThan(500);
        expect(r.body.code, `${side} ${price}`).toBe("40706");
        expect(r.body.msg).toMatch(/must be at (most|least) \d/);
      }
      // a wall 4.5 % over the mark behind the house asks: a 4 BTC market buy at 50x would fill on average
      // about 2 % over the mark, more than its margin, and be liquidated at once
      const wall = await trader("wall", "60000");
      expect((await futuresOrder(wall, "sell", "3", "limit", { price: px(mark * 1.045), marginMode: "crossed" })).body.code).toBe("00000");
      expect((await u.post(MIX_PRIVATE.setMarginMode, { ...BTC, marginMode: "isolated" })).body.code).toBe("00000");
      expect((await u.post(MIX_PRIVATE.setLeverage, { ...BTC, leverage: "50" })).body.code).toBe("00000");
      const r = await futuresOrder(u, "buy", "4", "market", { marginMode: "isolated" });
      expect(r.body.code).toBe("40762");
      expect(r.body.msg).toMatch(/maintenance margin/);
      const open = await u.get<{ entrustedList: Row[] | null }>(`${MIX_PRIVATE.ordersPending}?productType=USDT-FUTURES`);
      expect(open.body.data.entrustedList ?? []).toEqual([]);
    });
  });

  describe(`${name}: reduce-only at fill time (case 5)`, () => {
    it("cancels a resting reduce-only sell once a plain sell closes the long, so it cannot open a short", async () => {
      const u = await trader("ro", "2000");
      expect((await futuresOrder(u, "buy", "0.002", "market", { marginMode: "crossed" })).body.code).toBe("00000");
      const mark = Number((await ticker()).markPrice);
      const ro = await futuresOrder(u, "sell", "0.002", "limit", { price: px(mark * 1.03), reduceOnly: "YES", marginMode: "crossed" });
      expect(ro.body.code).toBe("00000");
      expect((await futuresOrder(u, "sell", "0.002", "market", { marginMode: "crossed" })).body.code).toBe("00000");
      expect(await futuresPositions(u)).toEqual([]);
      const d = await futuresDetail(u, ro.body.data.orderId);
      expect(d.state).toBe("cancelled");
      expect(Number(d.baseVolume)).toBe(0);
    });
  });

  describe(`${name}: the fund never trades through the takeover price (case 4)`, () => {
    it("does not fill a colluding reduce-only bid below the bankruptcy price when a 75x long is liquidated", async () => {
      const a = await trader("victim", "20000");
      const b = await trader("thief", "40000");
      for (const c of [a, b]) {
        expect((await c.post(MIX_PRIVATE.setMarginMode, { ...BTC, marginMode: "isolated" })).body.code).toBe("00000");
        expect((await c.post(MIX_PRIVATE.setLeverage, { ...BTC, leverage: "75" })).body.code).toBe("00000");
      }
      const t = await ticker();
      // B offers 10 BTC (more than the house bids hold) just under the best ask, A takes it: A long, B short
      const ask = Number(t.askPr);
      const offer = await futuresOrder(b, "sell", "10", "limit", { price: px(ask - 0.1), marginMode: "isolated", force: "post_only" });
      expect(offer.body.code).toBe("00000");
      const take = await futuresOrder(a, "buy", "10", "limit", { price: px(ask - 0.1), marginMode: "isolated", force: "ioc" });
      expect(take.body.code).toBe("00000");
      const short = (await futuresPositions(b)).find((p) => p.holdSide === "short");
      expect(short).toBeDefined();
      const mark = Number((await ticker()).markPrice);
      // B's trap: a reduce-only bid for all of it about 5.4 % under the market
      const trap = await futuresOrder(b, "buy", String(short!.total), "limit", {
        price: px(mark * 0.946),
        reduceOnly: "YES",
        marginMode: "isolated",
      });
      expect(trap.body.code).toBe("00000");
      const fundBefore = Number(
        (await new Client(server.url).get<{ balance: string }>(`${MIX.protectionFund}?productType=USDT-FUTURES`)).body.data.balance,
      );
      steerFuturesPrice(server.dir, "BTCUSDT", mark * 0.985, 1);
      await until(async () => ((await futuresPositions(a)).length === 0 ? true : undefined));
      steerFuturesPrice(server.dir, "BTCUSDT", "release", 100);
      const d = await futuresDetail(b, trap.body.data.orderId);
      expect(Number(d.baseVolume)).toBe(0);
      const fund = await new Client(server.url).get<{ balance: string }>(`${MIX.protectionFund}?productType=USDT-FUTURES`);
      expect(Number(fund.body.data.balance)).toBeGreaterThanOrEqual(fundBefore);
    });
  });

  describe(`${name}: environments are never crossed (case 6)`, () => {
    it("refuses a demo product type without paptrading (40099) and serves it from the simulation with it", async () => {
      const u = await trader("env", "1000");
      const demo = new Client(server.url, u.key, { paptrading: "1" });
      expect(
        (await demo.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" })).body.code,
      ).toBe("00000");
      const live = await futuresOrder(u, "buy", "0.002", "market", { productType: "SUSDT-FUTURES", marginMode: "crossed" });
      expect(live.status).toBeLessThan(500);
      expect(live.body.code).toBe("40099");
      expect(await futuresPositions(u)).toEqual([]);
      for (const path of [
        `${MIX_PRIVATE.allPosition}?productType=SUSDT-FUTURES&marginCoin=USDT`,
        `${MIX_PRIVATE.accounts}?productType=susdt-futures`,
      ])
        expect((await u.get(path)).body.code, path).toBe("40099");
      const paper = await futuresOrder(demo, "buy", "0.002", "market", { productType: "SUSDT-FUTURES", marginMode: "crossed" });
      expect(paper.body.code).toBe("00000");
      const held = await demo.get<Row[]>(`${MIX_PRIVATE.allPosition}?productType=SUSDT-FUTURES&marginCoin=USDT`);
      expect(held.body.data.map((p) => p.holdSide)).toEqual(["long"]);
      expect(await futuresPositions(u)).toEqual([]);
    });

    it("answers public reads with a demo product type from the simulation, never from live", async () => {
      const get = (path: string, headers: Record<string, string> = {}) =>
        new Client(server.url, undefined, headers).get<Array<{ tradeId: string }>>(path);
      const live = await get(`${MIX.fills}?symbol=BTCUSDT&productType=USDT-FUTURES&limit=100`);
      const demo = await get(`${MIX.fills}?symbol=BTCUSDT&productType=SUSDT-FUTURES&limit=100`);
      expect(demo.body.code).toBe("00000");
      expect(demo.body.data.length).toBeGreaterThan(0);
      const liveIds = new Set(live.body.data.map((f) => f.tradeId));
      for (const f of demo.body.data) expect(liveIds.has(f.tradeId)).toBe(false);
      const paper = await get(`${MIX.fills}?symbol=BTCUSDT&productType=USDT-FUTURES&limit=100`, { paptrading: "1" });
      const paperIds = new Set(paper.body.data.map((f) => f.tradeId));
      expect(demo.body.data.some((f) => paperIds.has(f.tradeId))).toBe(true);
    });
  });
}

cases("gateway", gatewayForSuite(ENV));
cases("web", webForSuite(ENV));
