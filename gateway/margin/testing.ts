/** Test worlds for the margin area: a database in a temporary folder, the exchange and margin on it. */
import { newOrder } from "../exchange/engine/order.ts";
import { TREASURY, newChange, type Env } from "../exchange/engine/types.ts";
import type { Exchange } from "../exchange/exchange.ts";
import { instrument } from "../exchange/instruments.ts";
import { openExchangeBase, removeWorldDirs, rethrow, type ExchangeBase } from "../exchange/testing/world.ts";
import type { MarginConfig } from "./config.ts";
import { Margin } from "./margin.ts";
import { MARGIN_MIGRATIONS } from "./store.ts";

export interface MarginWorld extends ExchangeBase {
  mg: Margin;
}

const opened: MarginWorld[] = [];

export const TEST_MARGIN_CONFIG: MarginConfig = {
  interestIntervalMs: 3_600_000,
  dailyRates: new Map([
    ["USDT", 10_000n],
    ["BTC", 5_000n],
    ["ETH", 5_000n],
    ["SOL", 10_000n],
    ["XRP", 10_000n],
    ["DOGE", 10_000n],
  ]),
  warningRatio: 13_000n,
  liquidationRatio: 11_000n,
  fundUsdt: 1_000_000n * 10n ** 8n,
};

/** A fresh world (or one reopened on `dir`), simulator off, 100,000 USDT welcome funds; errors throw. */
export async function marginWorld(dir?: string, config: MarginConfig = TEST_MARGIN_CONFIG): Promise<MarginWorld> {
  const base = openExchangeBase("mg-test-", MARGIN_MIGRATIONS, dir);
  const mg = new Margin(base.db, base.ex, config, rethrow);
  await mg.svc.seedFund();
  const w = { ...base, mg };
  opened.push(w);
  return w;
}

/** Closes a world without removing its folder (a restart test reopens it). */
export function closeWorld(w: MarginWorld): void {
  const i = opened.indexOf(w);
  if (i >= 0) opened.splice(i, 1);
  w.mg.close();
  w.ex.close();
  w.db.close();
}

export function closeMarginWorlds(): void {
  for (const o of opened.splice(0)) closeWorld(o);
  removeWorldDirs();
}

/**
 * Moves a pair's last price to `ticks`: the maker's resting orders on that book are cancelled and
 * the maker trades one lot with itself there. Both sides are ledger accounts, so money stays
 * conserved (the tests' price path); call houseQuote afterwards to put liquidity back. The price
 * bands (docs/decisions/340) refuse a jump, so a long way is walked in steps of 4 %, all before the
 * risk watch looks (it runs after the current call).
 */
export function tradeAt(ex: Exchange, env: Env, symbol: string, ticks: number): void {
  const eng = ex.svc.engine;
  const ch = newChange();
  for (const o of [...eng.open.values()]) if (o.env === env && o.userId === MAKER && o.symbol === symbol) eng.cancel(o, "requote", ch);
  ex.svc.store.keep(ch);
  for (let ref = eng.reference(env, symbol), steps = 0; ref !== ticks; ref = eng.reference(env, symbol)) {
    if (++steps > 1000) throw new Error(`tradeAt: the price of ${symbol} does not reach ${ticks}`);
    const next = ref <= 0 ? ticks : ticks > ref ? Math.min(ticks, Math.floor(ref * 1.04)) : Math.max(ticks, Math.ceil(ref * 0.96));
    houseQuote(ex, env, symbol, "sell", next, 1);
    houseQuote(ex, env, symbol, "buy", next, 1);
  }
}

/** The liquidity provider of the tests: a ledger account, so every fill with it moves real coins. */
export const MAKER = "maker";

/** Rests the maker's order of `lots` at `ticks` on one side of a book (what a liquidation sells into or buys from), funding it from the treasury. */
export function houseQuote(ex: Exchange, env: Env, symbol: string, side: "buy" | "sell", ticks: number, lots: number): void {
  const eng = ex.svc.engine;
  const inst = instrument(symbol)!;
  const ch = newChange();
  const o = newOrder(eng.ids, { env, userId: MAKER, symbol, side, type: "limit", price: ticks, size: lots });
  const need = eng.freezeAmount(inst, o);
  const coin = side === "buy" ? inst.quoteCoin : inst.baseCoin;
  eng.transfer(env, TREASURY, MAKER, coin, need, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch);
  eng.place(o, ch);
  ex.svc.store.keep(ch);
}
