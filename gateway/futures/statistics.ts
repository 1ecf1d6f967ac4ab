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
import { SampledSeries, STAT_KEEP, STAT_ROWS, STAT_STEP, type StatRow } from "../exchange/market/stat-series.ts";
import type { PublicTrade } from "../exchange/market/tape.ts";
import { CONTRACTS } from "./contracts.ts";
import type { Futures } from "./futures.ts";

export { ratio, share } from "../exchange/market/stat-series.ts";

/** The holdings of one contract at one moment. */
export interface Holdings {
  /** Open long and short size, in lots. */
  long: number;
  short: number;
  /** Accounts net long and net short on the contract. */
  longAccounts: number;
  shortAccounts: number;
}

interface Taker {
  bucket: number;
  buy: number;
  sell: number;
}

export class FuturesStatistics {
  private readonly samples = new SampledSeries<Holdings>();
  private readonly taker = new Map<string, Taker[]>();
  /** The first STEP bucket seen whole: taker volumes of earlier buckets are partial, so not answered. */
  private readonly firstWhole: number;
  private readonly timer: NodeJS.Timeout;
  private readonly onTrade = (env: Env, symbol: string, t: PublicTrade) => {
    const key = `${env}:${symbol}`;
    let list = this.taker.get(key);
    if (!list) this.taker.set(key, (list = []));
    const bucket = Math.floor(t.ts / STAT_STEP) * STAT_STEP;
    let last = list.at(-1);
    if (!last || last.bucket !== bucket) {
      list.push((last = { bucket, buy: 0, sell: 0 }));
      if (list.length > STAT_KEEP) list.shift();
    }
    if (t.side === "buy") last.buy += t.size;
    else last.sell += t.size;
  };

  constructor(
    private readonly fx: Futures,
    now = Date.now(),
  ) {
    this.firstWhole = Math.ceil(now / STAT_STEP) * STAT_STEP;
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
    for (const env of ENVS) for (const c of CONTRACTS) this.samples.record(`${env}:${c.symbol}`, now, this.holdings(env, c.symbol));
  }

  /** Holdings per period bucket, oldest first: each bucket's last sample, the current one live. */
  holdingRows(env: Env, symbol: string, periodMs: number, now = Date.now()): Array<StatRow<Holdings>> {
    this.sample(now);
    return this.samples.rows(`${env}:${symbol}`, periodMs);
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
}
