/**
 * A fixed pseudo-random op stream (every order type, force, STP mode, house and user orders, two
 * environments, two pairs, VIP tiers, cancels, transfers) must produce exactly the same fills,
 * bills, persisted order and balance rows, events and final state. The digest was recorded
 * before the hot-path work of decision 306; any change of behaviour changes it.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FORCES, STP_MODES } from "../../../protocol/bitget.ts";
import { DEFAULT_BAND, type PriceBand } from "../../../protocol/price-protection.ts";
import { Engine } from "./engine.ts";
import { IdGen, newOrder } from "./order.ts";
import { orderParams } from "../store.ts";
import { EngineError, TREASURY, newChange, type Balance, type Change, type Env, type Order } from "./types.ts";

const USERS = Array.from({ length: 12 }, (_, i) => `d${i}`);
const SYMBOLS = [
  { symbol: "ETHUSDT", base: "ETH", mid: 320_000 },
  { symbol: "BTCUSDT", base: "BTC", mid: 9_500_000 },
];
const ENVS_USED: Env[] = ["live", "paper"];
const FEES = [
  { maker: 1000, taker: 1000 },
  { maker: 800, taker: 950 },
  { maker: 0, taker: 600 },
  { maker: 0, taker: 0 },
];

/** What the store persists of an order, with `house` before `source` as when the digest was recorded. */
function orderRow(o: Order): string {
  const params = orderParams(o);
  return [...params.slice(0, -1), o.house, o.source].join(",");
}

function balanceRow(b: Balance): string {
  return [b.env, b.userId, b.coin, b.available, b.frozen, b.uTime].join(",");
}

/** What the store persists of a change, plus its fills and bills in order. */
function changeRows(ch: Change): string {
  const out: string[] = [];
  for (const o of new Set(ch.orders)) out.push(`O${orderRow(o)}`);
  for (const f of ch.fills)
    out.push(
      `F${[f.tradeId, f.env, f.symbol, f.price, f.size, f.quote, f.takerSide, f.maker.id, f.taker.id, f.makerFee, f.takerFee, f.ts].join(",")}`,
    );
  for (const b of ch.bills)
    out.push(`L${[b.id, b.env, b.userId, b.coin, b.group, b.business, b.size, b.balance, b.fees, b.refId, b.ts].join(",")}`);
  for (const b of new Set(ch.balances)) out.push(`B${balanceRow(b)}`);
  return out.join("\n");
}

function digest(ops: number, band: PriceBand | null): { hash: string; fills: number; bills: number } {
  let x = 0x1234567;
  const rnd = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  let t = 1_700_000_000_000;
  const e = new Engine(
    new IdGen(),
    (env, userId) => FEES[(Number(userId.slice(1)) + (env === "paper" ? 1 : 0)) % FEES.length]!,
    () => (t += 1 + Math.floor(rnd() * 3)),
    band,
  );
  const h = createHash("sha256");
  let fills = 0;
  let bills = 0;
  e.events = {
    onFill: (f) => h.update(`eF${f.tradeId}`),
    onOrder: (o) => h.update(`eO${o.id}:${o.status}:${o.filled}`),
    onBalance: (b) => h.update(`eB${b.userId}:${b.coin}:${b.available}:${b.frozen}`),
  };
  const record = (label: string, ch: Change) => {
    fills += ch.fills.length;
    bills += ch.bills.length;
    h.update(`\n#${label}\n${changeRows(ch)}`);
  };
  const fund = newChange();
  for (const env of ENVS_USED) {
    for (const u of USERS) {
      e.transfer(env, TREASURY, u, "USDT", 2_000_000n * 10n ** 8n, ["DEPOSIT", "DEPOSIT"], "deposit", fund);
      e.transfer(env, TREASURY, u, "ETH", 500n * 10n ** 8n, ["DEPOSIT", "DEPOSIT"], "deposit", fund);
      e.transfer(env, TREASURY, u, "BTC", 20n * 10n ** 8n, ["DEPOSIT", "DEPOSIT"], "deposit", fund);
    }
  }
  record("fund", fund);
  const open: Order[] = [];
  for (let i = 0; i < ops; i++) {
    const ch = newChange();
    const r = rnd();
    const env = pick(ENVS_USED);
    const s = pick(SYMBOLS);
    if (r < 0.25) {
      // cancel a random open order (or one already closed: must throw)
      if (open.length) {
        const k = Math.floor(rnd() * open.length);
        const o = open[k]!;
        open[k] = open[open.length - 1]!;
        open.pop();
        try {
          e.cancel(o, "user", ch);
        } catch (err) {
          if (!(err instanceof EngineError)) throw err;
          h.update(`x${err.code}`);
        }
      }
    } else if (r < 0.27) {
      const from = pick(USERS);
      const to = pick(USERS);
      try {
        e.transfer(
          env,
          from,
          to,
          pick(["USDT", "ETH", "BTC"]),
          BigInt(1 + Math.floor(rnd() * 1e9)),
          ["TRANSFER_OUT", "TRANSFER_IN"],
          "transfer",
          ch,
          `tr${i}`,
        );
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        h.update(`x${err.code}`);
      }
    } else {
      const house = rnd() < 0.3;
      const userId = house ? pick(["house-mm", "house-taker"]) : pick(USERS);
      const side = rnd() < 0.5 ? "buy" : "sell";
      const market = rnd() < 0.12;
      const spread = Math.floor(rnd() * 400) - 150;
      const price = side === "buy" ? s.mid - spread : s.mid + spread;
      const size = 1 + Math.floor(rnd() * (rnd() < 0.1 ? 200_000 : 20_000));
      const o = market
        ? newOrder(
            e.ids,
            {
              env,
              userId,
              symbol: s.symbol,
              side,
              type: "market",
              size: side === "sell" ? size : 0,
              quoteSize: side === "buy" ? BigInt(size) * 10n ** 7n + BigInt(Math.floor(rnd() * 1e6)) : 0n,
              stp: pick(STP_MODES),
              house,
              clientOid: rnd() < 0.3 ? `c${i}` : undefined,
            },
            t,
          )
        : newOrder(
            e.ids,
            {
              env,
              userId,
              symbol: s.symbol,
              side,
              type: "limit",
              price,
              size,
              force: pick(FORCES),
              stp: pick(STP_MODES),
              house,
              clientOid: rnd() < 0.3 ? `c${i}` : undefined,
            },
            t,
          );
      try {
        e.place(o, ch);
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        h.update(`x${err.code}`);
      }
      if (e.open.has(o.id)) open.push(o);
    }
    record(String(i), ch);
  }
  // final state: every balance, every open order, both sides of every book, clientOid index
  for (const b of e.balances.values()) h.update(`\n${balanceRow(b)}`);
  for (const o of e.open.values()) h.update(`\n${orderRow(o)}`);
  for (const [key, o] of e.openByClientOid) h.update(`\n${key}=${o.id}`);
  for (const book of e.books.all()) {
    h.update(`\n${book.env}:${book.symbol}:${book.seq}`);
    for (const side of [book.bids, book.asks]) {
      for (const lvl of side.levels) {
        h.update(`|${lvl.price}:${lvl.lots}:${lvl.count}`);
        for (let o = lvl.head; o; o = o.next) h.update(`,${o.id}`);
      }
    }
  }
  return { hash: h.digest("hex"), fills, bills };
}

describe("matching engine determinism", () => {
  it("a fixed op stream yields the recorded fills, bills, rows, events and final state", () => {
    // without price protection: the digest recorded before decision 306, unchanged by decision 340's matching-path edits
    expect(digest(30_000, null)).toEqual({
      hash: "3c1b81f35a544b73fd92fdc7711cae6e7d47e6d22d7d14896d92724f3c059213",
      fills: 7582,
      bills: 28328,
    });
  });

  it("with price protection, the same stream yields the digest recorded with decision 340", () => {
    // the stream trades within the band, so fills and bills are the same; market orders now carry their protection price
    expect(digest(30_000, DEFAULT_BAND)).toEqual({
      hash: "eca9ee033be1d4c08278fb4198225ff7ffa7285e6018838623c7a4e069e38922",
      fills: 7582,
      bills: 28328,
    });
  });
});
