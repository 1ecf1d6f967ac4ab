/**
 * Bitget's margin long/short ratio of a pair (`GET /api/v2/margin/market/long-short-ratio`,
 * docs/decisions/319), from this gateway's own margin accounts, sampled every minute like the
 * futures statistics: the long side is the USDT lent that sits in the pair's coin (per account
 * owing USDT: what it owes, at most what its coin holding is worth), the short side the coin lent
 * (its value). Crossed accounts count for every pair whose coin they hold or owe; isolated ones
 * for their own pair.
 */
import { ENVS, type Env } from "../exchange/engine/types.ts";
import { SampledSeries, type StatRow } from "../exchange/market/stat-series.ts";
import { QUOTE_COIN, type Instrument } from "../exchange/instruments.ts";
import type { MarginService } from "./service.ts";

/** USDT ledger units lent long (into the coin) and short (the coin itself) on one pair. */
export interface MarginLongShort {
  long: bigint;
  short: bigint;
}

export class MarginStatistics {
  private readonly samples = new SampledSeries<MarginLongShort>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly svc: MarginService,
    now = Date.now(),
  ) {
    this.sample(now);
    this.timer = setInterval(() => this.sample(Date.now()), 60_000);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** The pair's long and short lending now. */
  lending(env: Env, inst: Instrument): MarginLongShort {
    const eng = this.svc.engine;
    let long = 0n;
    let short = 0n;
    for (const [key, ref] of this.svc.debtorsOf(env)) {
      if (ref.mode === "isolated" && ref.symbol !== inst.symbol) continue;
      const held = eng.balance(env, key, inst.baseCoin);
      const worth = this.svc.valuation.value(env, inst.baseCoin, held.available + held.frozen);
      const usdt = this.svc.owed(env, key, QUOTE_COIN);
      long += usdt < worth ? usdt : worth;
      short += this.svc.valuation.value(env, inst.baseCoin, this.svc.owed(env, key, inst.baseCoin));
    }
    return { long, short };
  }

  /** Records every margin pair's lending as of `now`. */
  sample(now: number): void {
    for (const env of ENVS)
      for (const inst of this.svc.marginPairs()) this.samples.record(`${env}:${inst.symbol}`, now, this.lending(env, inst));
  }

  /** Lending per period bucket, oldest first: each bucket's last sample, the current one live. */
  rows(env: Env, inst: Instrument, periodMs: number, now = Date.now()): Array<StatRow<MarginLongShort>> {
    this.sample(now);
    return this.samples.rows(`${env}:${inst.symbol}`, periodMs);
  }
}
