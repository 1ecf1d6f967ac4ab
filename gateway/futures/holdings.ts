/**
 * A user's open positions and what the balance check of an opening order needs of them, kept
 * between changes instead of summed per order (docs/decisions/317, fourth pass): the margins the
 * positions hold, and their crossed PnL at the mark it was last valued at. Every change to one of
 * the positions marks the figures stale (the service does it where it records the position in its
 * change, which every durable change of a position goes through); a mark that moved since revalues
 * the crossed PnL alone. Exact bigints throughout: the figures are the sums `available` made per
 * call, in the same terms.
 */
import type { Env } from "../exchange/engine/types.ts";
import { notional } from "../exchange/instruments.ts";
import type { Contract } from "./contracts.ts";
import { upnl, type Position } from "./ledger.ts";
import type { PriceState } from "./pricing.ts";

/** BigInts of small integers (leverages), made once: every BigInt() allocates, and each order needs several. */
const SMALL = Array.from({ length: 256 }, (_, i) => BigInt(i));
export const big = (n: number): bigint => SMALL[n] ?? BigInt(n);

/** Where the figures find a contract and its mark (the service's exact-symbol table and the market). */
export interface MarkSource {
  contractOf(symbol: string): Contract;
  price(env: Env, symbol: string): PriceState;
}

export class UserPositions {
  /** The positions (open ones; a closed one leaves the list). */
  readonly list: Position[] = [];
  private fresh = false;
  /** Position margins: isolated margins, crossed entry values over their leverage. */
  private used = 0n;
  /** Crossed positions in more than one contract: their PnL is summed per call (rare). */
  private several = false;
  /** The one contract held crossed, its price state and its long and short (when not `several`). */
  private crossContract: Contract | undefined;
  private crossPrice: PriceState | undefined;
  private crossLong: Position | undefined;
  private crossShort: Position | undefined;
  /** The crossed PnL, and the mark it was valued at. */
  private upnl = 0n;
  private at = 0;

  /** One of the positions changed (size, cost, margin, leverage) or joined or left the list. */
  stale(): void {
    this.fresh = false;
  }

  /** The margins the positions hold (what `available` subtracts). */
  margins(marks: MarkSource): bigint {
    if (!this.fresh) this.tally(marks);
    return this.used;
  }

  /** The PnL of the crossed positions at their marks now. */
  crossPnl(marks: MarkSource): bigint {
    if (!this.fresh) this.tally(marks);
    if (this.several) {
      let sum = 0n;
      for (const p of this.list)
        if (p.size !== 0 && p.marginMode !== "isolated")
          sum += upnl(p, notional(marks.contractOf(p.symbol).inst, marks.price(p.env, p.symbol).mark, p.size));
      return sum;
    }
    const ps = this.crossPrice;
    if (ps === undefined || ps.mark === this.at) return this.upnl;
    this.value(ps.mark);
    return this.upnl;
  }

  private tally(marks: MarkSource): void {
    let used = 0n;
    let symbol: string | undefined;
    this.several = false;
    this.crossLong = undefined;
    this.crossShort = undefined;
    for (const p of this.list) {
      if (p.size === 0) continue;
      const isolated = p.marginMode === "isolated";
      used += isolated ? p.margin : p.cost / big(p.leverage);
      if (isolated) continue;
      if (symbol !== undefined && symbol !== p.symbol) this.several = true;
      symbol ??= p.symbol;
      if (p.holdSide === "long") this.crossLong = p;
      else this.crossShort = p;
    }
    this.used = used;
    this.fresh = true;
    if (symbol === undefined || this.several) {
      this.crossContract = undefined;
      this.crossPrice = undefined;
      this.upnl = 0n;
      return;
    }
    const env = (this.crossLong ?? this.crossShort)!.env;
    this.crossContract = marks.contractOf(symbol);
    this.crossPrice = marks.price(env, symbol);
    this.value(this.crossPrice.mark);
  }

  /** Values the one contract's crossed long and short at `mark`. */
  private value(mark: number): void {
    const inst = this.crossContract!.inst;
    const l = this.crossLong;
    const s = this.crossShort;
    let u = l ? upnl(l, notional(inst, mark, l.size)) : 0n;
    if (s) u += upnl(s, notional(inst, mark, s.size));
    this.upnl = u;
    this.at = mark;
  }
}
