/** Test worlds for the futures area: a database in a temporary folder, the exchange and futures on it. */
import { openExchangeBase, removeWorldDirs, rethrow, type ExchangeBase } from "../exchange/testing/world.ts";
import type { PriceBand } from "../../protocol/price-protection.ts";
import { CONTRACTS } from "./contracts.ts";
import { Futures } from "./futures.ts";
import { upnl } from "./ledger.ts";
import { FUTURES_MIGRATIONS } from "./migrations.ts";
import type { FuturesService, OrderRequest } from "./service.ts";

export interface FuturesWorld extends ExchangeBase {
  fx: Futures;
}

const opened: FuturesWorld[] = [];

/** A fresh world (or one reopened on `dir`), simulators off, 100,000 USDT welcome funds, the given price band (else the default); errors throw. */
export function futuresWorld(dir?: string, band?: PriceBand): FuturesWorld {
  const base = openExchangeBase("fx-test-", FUTURES_MIGRATIONS, dir, band);
  const fx = new Futures(base.db, base.ex, { fundingIntervalMs: 8 * 3_600_000, simulator: false }, 7, rethrow);
  const w = { ...base, fx };
  opened.push(w);
  return w;
}

/**
 * One turn of the event loop. A long property test awaits it before each run, so the test worker
 * keeps answering vitest's calls: a property that ran synchronously for a minute on a loaded machine
 * made the worker miss vitest's RPC deadline ("Timeout calling onTaskUpdate").
 */
export function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Closes one world now (a property's run, so that hundreds of runs while shrinking do not all stay open); its folder goes with the rest. */
export function closeFuturesWorld(w: FuturesWorld): void {
  const i = opened.indexOf(w);
  if (i < 0) return;
  opened.splice(i, 1);
  w.fx.close();
  w.ex.close();
  w.db.close();
}

/** Closes every world opened so far and removes their folders (a test file's afterAll). */
export function closeFuturesWorlds(): void {
  for (const o of [...opened]) closeFuturesWorld(o);
  removeWorldDirs();
}

/** A market order request of `size` lots (one-way unless `over` says otherwise), as a test places it. */
export function marketRequest(symbol: string, side: "buy" | "sell", size: number, over: Partial<OrderRequest> = {}): OrderRequest {
  return { symbol, side, orderType: "market", force: "gtc", price: 0, size, clientOid: "", reduceOnly: false, source: "API", ...over };
}

/** A good-till-cancelled limit order of `size` lots at `price` ticks (`over` changes any field). */
export function limitRequest(
  symbol: string,
  side: "buy" | "sell",
  price: number,
  size: number,
  over: Partial<OrderRequest> = {},
): OrderRequest {
  return { symbol, side, orderType: "limit", force: "gtc", price, size, clientOid: "", reduceOnly: false, source: "API", ...over };
}

const BTC = CONTRACTS[0]!;
const USDT = 10n ** 8n;

/** Σ (balance + unrealised PnL at the mark) over every live futures account: what no rule may create or destroy. */
export function liveEquity(fx: Futures): bigint {
  let total = 0n;
  for (const a of fx.svc.allAccounts()) if (a.env === "live") total += a.balance;
  for (const p of fx.svc.bySymbol.get(`live:${BTC.symbol}`) ?? []) if (p.size > 0) total += upnl(p, fx.svc.markValue(p));
  return total;
}

/** A user with `usdt` in futures, `lever`x on BTC in the given margin mode. */
export function fundBtc(svc: FuturesService, user: string, usdt: bigint, lever: number, isolated: boolean): void {
  svc.transfer("live", user, true, usdt * USDT, `${user}-in`);
  if (isolated) svc.setMarginMode("live", user, BTC, "isolated");
  svc.setLeverage("live", user, BTC, lever);
}
