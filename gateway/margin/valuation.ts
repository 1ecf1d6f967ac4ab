/**
 * What a margin account is worth in USDT (docs/decisions/320): its coins at the spot last price,
 * rounded down, and its liabilities rounded up, so every rounding is against the borrower. The
 * risk rate is assets / liabilities in parts of 10^4.
 */
import type { Env } from "../exchange/engine/types.ts";
import type { Exchange } from "../exchange/exchange.ts";
import { pow10 } from "../exchange/decimal.ts";
import { instrument, QUOTE_COIN, type Instrument } from "../exchange/instruments.ts";

export const RISK_SCALE = 10_000n;

export class Valuation {
  constructor(private readonly exchange: Exchange) {}

  /** The pair a coin is priced on (`COINUSDT`); undefined for USDT itself. */
  pairOf(coin: string): Instrument | undefined {
    return coin === QUOTE_COIN ? undefined : instrument(`${coin}${QUOTE_COIN}`);
  }

  /**
   * The last trade price of a pair in ticks (the book's last trade, else the last candle): the
   * engine's reference, the same that bands its orders (docs/decisions/340).
   */
  ticks(env: Env, inst: Instrument): number {
    return this.exchange.svc.engine.reference(env, inst.symbol);
  }

  /** USDT ledger units of `amount` ledger units of `coin`; `up` rounds up (liabilities). */
  value(env: Env, coin: string, amount: bigint, up = false): bigint {
    if (amount === 0n) return 0n;
    const inst = this.pairOf(coin);
    if (!inst) return amount;
    const num = amount * BigInt(this.ticks(env, inst));
    const den = pow10(inst.pricePrecision);
    return up ? (num + den - 1n) / den : num / den;
  }

  /** How much of `coin` (ledger units, rounded down) `usdt` ledger units buy at the last price. */
  amountFor(env: Env, coin: string, usdt: bigint): bigint {
    if (usdt <= 0n) return 0n;
    const inst = this.pairOf(coin);
    if (!inst) return usdt;
    const ticks = BigInt(this.ticks(env, inst));
    return ticks === 0n ? 0n : (usdt * pow10(inst.pricePrecision)) / ticks;
  }
}

/** assets / liabilities in parts of 10^4; undefined without liabilities. */
export function riskRate(assets: bigint, liabilities: bigint): bigint | undefined {
  return liabilities > 0n ? (assets * RISK_SCALE) / liabilities : undefined;
}
