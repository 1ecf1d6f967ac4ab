/**
 * Public futures market statistics of Bitget's v2 mix market (docs/decisions/319): the long/short
 * ratios of open positions and of accounts, and the taker buy/sell volume, per period bucket.
 * Every number is the gateway's own: positions are sampled from the open positions the open
 * interest counts (every holder of the contract), taker volumes are summed from the contract's
 * public trades. Nothing is kept across restarts, so history starts when the gateway did: a bucket
 * the gateway did not see is absent, never filled in.
 */
import type { Env } from "../exchange/engine/types.ts";
import { ENVS } from "../exchange/engine/types.ts";
import type { PublicTrade } from "../exchange/market/tape.ts";
import { CONTRACTS } from "./contracts.ts";
import type { Futures } from "./futures.ts";

/** Bitget's `period` values of the statistics endpoints, in milliseconds. */
export const STAT_PERIODS: Record<string, number> = {
  "5m": 300_000,
  "15m": 900_000,
  "30m": 1_800_000,
  "1h": 3_600_000,
  "2h": 7_200_000,
  "4h": 14_400_000,
  "6h": 21_600_000,
  "12h": 43_200_000,
  "1d": 86_400_000,
};
export const DEFAULT_STAT_PERIOD = "5m";
/** The sampling step: the smallest period. */
const STEP = 300_000;
/** Samples kept per contract and environment: 30 days of the smallest period. */
const KEEP = 30 * 288;
/** Rows one answer carries at most (the newest). */
export const STAT_ROWS = 30;

/** The holdings of one contract at one moment. */
export interface Holdings {
  /** Open long and short size, in lots. */
  long: number;
  short: number;
  /** Accounts net long and net short on the contract. */
  longAccounts: number;
  shortAccounts: number;
}

interface Sample extends Holdings {
  /** Start of the STEP bucket the sample was taken in. */
  bucket: number;
}

interface Taker {
  bucket: number;
  buy: number;
  sell: number;
}

export interface StatRow<T> {
  ts: number;
  value: T;
}

export class FuturesStatistics {
  private readonly samples = new Map<string, Sample[]>();
  private readonly taker = new Map<string, Taker[]>();
  /** The first STEP bucket seen whole: taker volumes of earlier buckets are partial, so not answered. */
  private readonly firstWhole: number;
  private readonly timer: NodeJS.Timeout;
  private readonly onTrade = (env: Env, symbol: string, t: PublicTrade) => {
    const list = this.series(this.taker, env, symbol);
    const bucket = Math.floor(t.ts / STEP) * STEP;
    let last = list.at(-1);
    if (!last || last.bucket !== bucket) {
      list.push((last = { bucket, buy: 0, sell: 0 }));
      if (list.length > KEEP) list.shift();
    }
    if (t.side === "buy") last.buy += t.size;
    else last.sell += t.size;
  };

  constructor(
    private readonly fx: Futures,
    now = Date.now(),
  ) {
    this.firstWhole = Math.ceil(now / STEP) * STEP;
    fx.market.tradeListeners.add(this.onTrade);
    this.sample(now);
    this.timer = setInterval(() => this.sample(Date.now()), 60_000);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
    this.fx.market.tradeListeners.delete(this.onTrade);
  }

  /** The contract's holdings now: every open position, by its holder's net direction for the account counts. */
  holdings(env: Env, symbol: string): Holdings {
    const net = new Map<string, number>();
    let long = 0;
    let short = 0;
    for (const p of this.fx.svc.bySymbol.get(`${env}:${symbol}`) ?? []) {
      if (p.size <= 0) continue;
      const signed = p.holdSide === "long" ? p.size : -p.size;
      if (signed > 0) long += p.size;
      else short += p.size;
      net.set(p.userId, (net.get(p.userId) ?? 0) + signed);
    }
    let longAccounts = 0;
    let shortAccounts = 0;
    for (const n of net.values())
      if (n > 0) longAccounts++;
      else if (n < 0) shortAccounts++;
    return { long, short, longAccounts, shortAccounts };
  }

  /** Records every contract's holdings as of `now` (the last sample of a bucket stands for its end). */
  sample(now: number): void {
    const bucket = Math.floor(now / STEP) * STEP;
    for (const env of ENVS)
      for (const c of CONTRACTS) {
        const list = this.series(this.samples, env, c.symbol);
        const s = { bucket, ...this.holdings(env, c.symbol) };
        if (list.at(-1)?.bucket === bucket) list[list.length - 1] = s;
        else {
          list.push(s);
          if (list.length > KEEP) list.shift();
        }
      }
  }

  /** Holdings per period bucket, oldest first: each bucket's last sample, the current one live. */
  holdingRows(env: Env, symbol: string, periodMs: number, now = Date.now()): Array<StatRow<Holdings>> {
    this.sample(now);
    const out = new Map<number, Holdings>();
    for (const s of this.samples.get(`${env}:${symbol}`) ?? []) out.set(Math.floor(s.bucket / periodMs) * periodMs, s);
    return [...out].slice(-STAT_ROWS).map(([ts, value]) => ({ ts, value }));
  }

  /** Taker buy and sell volume (lots) per period bucket, oldest first, of the buckets seen whole from their start. */
  takerRows(env: Env, symbol: string, periodMs: number): Array<StatRow<{ buy: number; sell: number }>> {
    const out = new Map<number, { buy: number; sell: number }>();
    for (const t of this.taker.get(`${env}:${symbol}`) ?? []) {
      const ts = Math.floor(t.bucket / periodMs) * periodMs;
      if (ts < this.firstWhole) continue;
      const v = out.get(ts) ?? { buy: 0, sell: 0 };
      v.buy += t.buy;
      v.sell += t.sell;
      out.set(ts, v);
    }
    return [...out].slice(-STAT_ROWS).map(([ts, value]) => ({ ts, value }));
  }

  private series<T>(map: Map<string, T[]>, env: Env, symbol: string): T[] {
    const key = `${env}:${symbol}`;
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    return list;
  }
}

/** a / (a + b) and a / b as Bitget's decimal strings; "0" where the denominator is zero. */
export function share(a: number, b: number): string {
  return a + b === 0 ? "0" : trim(a / (a + b));
}

export function ratio(a: number, b: number): string {
  return b === 0 ? "0" : trim(a / b);
}

function trim(x: number): string {
  return String(Number(x.toFixed(4)));
}
