import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { queueDeposit } from "../../gateway/exchange/deposits.ts";
import { V2 } from "../../protocol/bitget.ts";
import { killNineSuite } from "../setup/crash.ts";
import { limitOrder } from "../setup/exchange.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";

type Asset = { coin: string; available: string; frozen: string };
type Open = { orderId: string; clientOid: string; priceAvg: string; size: string; side: string; status: string };

const crash = killNineSuite();

const toUnits = (s: string) => BigInt(s.replace(".", ""));

describe("exchange durability", () => {
  it("loses no acknowledged order or bill across kill -9 in the middle of a load", async () => {
    const { dir, gateway: g1 } = await crash.start();
    const key = makeKey(dir, "crash-user");
    const c1 = new Client(g1.base, key);
    expect((await c1.get(V2.assets)).body.code).toBe("00000");

    // a steady load of resting buys far below the market, market buys that fill, and cancels
    const acked = new Map<string, string>(); // clientOid -> orderId
    const cancelled = new Set<string>();
    await crash.loadThenKill(g1, 8, async (i) => {
      const clientOid = `c${i}`;
      const r =
        i % 5 === 4
          ? await c1.post<{ orderId: string }>(V2.placeOrder, {
              symbol: "ETHUSDT",
              side: "buy",
              orderType: "market",
              size: "20",
              clientOid,
            })
          : // bids near the market (95,000): the price band (docs/decisions/340) refuses the seller's sell far under it
            await limitOrder(c1, `${94000 + (i % 50)}.00`, { size: "0.0001", clientOid });
      if (r.body.code === "00000") acked.set(clientOid, r.body.data.orderId);
      if (i % 7 === 0 && r.body.code === "00000") {
        const cr = await c1.post(V2.cancelOrder, { symbol: "BTCUSDT", orderId: r.body.data.orderId });
        if (cr.body.code === "00000") cancelled.add(r.body.data.orderId);
      }
    });
    expect(acked.size).toBeGreaterThan(20);

    // a seller for the priority check below, credited while the gateway is down (applied at start)
    const db = new Database(join(dir, "gateway.sqlite"));
    queueDeposit(db, { env: "live", userId: "crash-seller", coin: "BTC", amount: 100_000_000n });
    db.close();
    const sellerKey = makeKey(dir, "crash-seller");
    // without the simulator the book holds only the restored orders
    const g2 = await crash.restart(dir);
    const c2 = new Client(g2.base, key);
    // every acknowledged order is there, once, with its clientOid
    for (const [clientOid, orderId] of acked) {
      const r = await c2.get<Array<{ orderId: string; status: string }>>(`${V2.orderInfo}?clientOid=${clientOid}`);
      expect(r.body.data?.[0]?.orderId, clientOid).toBe(orderId);
      if (cancelled.has(orderId)) expect(r.body.data[0]!.status).toBe("cancelled");
      const dup = await limitOrder(c2, "10000.00", { size: "0.001", clientOid });
      expect(dup.body.code).toBe("43118");
    }
    // the open orders are back in the book in time priority, and hold exactly what is frozen
    const open = (await c2.get<Open[]>(`${V2.unfilled}?symbol=BTCUSDT&limit=100`)).body.data;
    const ids = open.map((o) => BigInt(o.orderId));
    for (let i = 1; i < ids.length; i++) expect(ids[i - 1]! > ids[i]!).toBe(true);
    let allOpen: Open[] = [];
    let cursor = "";
    for (;;) {
      const page = (await c2.get<Open[]>(`${V2.unfilled}?symbol=BTCUSDT&limit=100${cursor ? `&idLessThan=${cursor}` : ""}`)).body.data;
      allOpen = allOpen.concat(page);
      if (page.length < 100) break;
      cursor = page[page.length - 1]!.orderId;
    }
    // price (2 decimals) x size (6 decimals) is already in 1e-8 ledger units
    const frozenByOrders = allOpen.reduce((s, o) => s + toUnits(o.priceAvg) * toUnits(o.size), 0n);
    const usdt = (await c2.get<Asset[]>(`${V2.assets}?coin=USDT`)).body.data[0]!;
    expect(toUnits(usdt.frozen)).toBe(frozenByOrders);
    const ob = (await c2.get<{ bids: string[][] }>(`${V2.orderbook}?symbol=BTCUSDT&limit=150`)).body.data;
    expect(ob.bids.some((b) => b[0] === allOpen[0]?.priceAvg)).toBe(allOpen.length > 0);
    // the ledger balances to the unit: each balance is the sum of its bills
    for (const coin of ["USDT", "ETH"]) {
      let sum = 0n;
      let before = "";
      for (;;) {
        const page = (
          await c2.get<Array<{ size: string; billId: string }>>(
            `${V2.bills}?coin=${coin}&limit=500${before ? `&idLessThan=${before}` : ""}`,
          )
        ).body.data;
        for (const b of page) sum += BigInt(b.size.replace(".", ""));
        if (page.length < 500) break;
        before = page[page.length - 1]!.billId;
      }
      const a = (await c2.get<Asset[]>(`${V2.assets}?coin=${coin}`)).body.data[0];
      expect(sum, coin).toBe(a ? toUnits(a.available) + toUnits(a.frozen) : 0n);
    }
    // time priority survived: a sell at the best restored bid fills that level's oldest order first
    const best = allOpen.reduce((b, o) => (Number(o.priceAvg) > Number(b.priceAvg) ? o : b), allOpen[0]!);
    const atBest = allOpen.filter((o) => o.priceAvg === best.priceAvg).sort((a, b) => (BigInt(a.orderId) < BigInt(b.orderId) ? -1 : 1));
    const seller = new Client(g2.base, sellerKey);
    const sold = await limitOrder(seller, best.priceAvg, { side: "sell", force: "ioc", size: "0.0001" });
    expect(sold.body.code).toBe("00000");
    const first = await c2.get<Array<{ status: string }>>(`${V2.orderInfo}?orderId=${atBest[0]!.orderId}`);
    expect(first.body.data[0]!.status).toBe("filled");
    if (atBest[1]) {
      const second = await c2.get<Array<{ status: string }>>(`${V2.orderInfo}?orderId=${atBest[1].orderId}`);
      expect(second.body.data[0]!.status).toBe("live");
    }
    // and the order book still works after the restart
    const after = await limitOrder(c2, "94000.00", { size: "0.0001", clientOid: "after-restart" });
    expect(after.body.code).toBe("00000");
  });
});
