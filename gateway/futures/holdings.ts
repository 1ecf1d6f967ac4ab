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

/** The figures the risk index's crossed filing reads (a read-only view of the kept ones). */
export interface CrossedFigures {
  readonly iso: bigint;
  readonly several: boolean;
  readonly crossSymbol: string | undefined;
  readonly crossLong: Position | undefined;
  readonly crossShort: Position | undefined;
}

export class UserPositions {
  /** The positions (open ones; a closed one leaves the list). */
  readonly list: Position[] = [];
  private fresh = false;
  /** Position margins: isolated margins, crossed entry values over their leverage. */
  private used = 0n;
  /** Isolated margins alone (the crossed equity's deduction, for the risk index's filing). */
  iso = 0n;
  /** Crossed positions in more than one contract: their PnL is summed per call (rare). */
  several = false;
  /** The (first) contract held crossed, and its long and short (meaningful when not `several`). */
  crossSymbol: string | undefined;
  crossLong: Position | undefined;
  crossShort: Position | undefined;
  /** The one crossed contract and its price state, looked up when first valued. */
  private crossContract: Contract | undefined;
  private crossPrice: PriceState | undefined;
  /** The crossed PnL, and the mark it was valued at (NaN: not valued since the last tally). */
  private upnl = 0n;
  private at = Number.NaN;

  /** One of the positions changed (size, cost, margin, leverage) or joined or left the list. */
  stale(): void {
    this.fresh = false;
  }

  /** The margins the positions hold (what `available` subtracts). */
  margins(): bigint {
    if (!this.fresh) this.tally();
    return this.used;
  }

  /**
   * What the risk index files a crossed holding by (the service's `fileCrossed`): the isolated
   * margins, the crossed contract (the first, with `several` when there are more) and its long and
   * short. Filing after a change leaves the figures fresh for the next order's balance check.
   */
  crossed(): CrossedFigures {
    if (!this.fresh) this.tally();
    return this;
  }

  /** The PnL of the crossed positions at their marks now. */
  crossPnl(marks: MarkSource): bigint {
    if (!this.fresh) this.tally();
    if (this.several) {
      let sum = 0n;
      for (const p of this.list)
        if (p.size !== 0 && p.marginMode !== "isolated")
          sum += upnl(p, notional(marks.contractOf(p.symbol).inst, marks.price(p.env, p.symbol).mark, p.size));
      return sum;
    }
    const symbol = this.crossSymbol;
    if (symbol === undefined) return 0n;
    let ps = this.crossPrice;
    if (ps === undefined) {
      const env = (this.crossLong ?? this.crossShort)!.env;
      this.crossContract = marks.contractOf(symbol);
      ps = this.crossPrice = marks.price(env, symbol);
    }
    if (ps.mark !== this.at) this.value(ps.mark);
    return this.upnl;
  }

  private tally(): void {
    let used = 0n;
    let iso = 0n;
    let symbol: string | undefined;
    let several = false;
    let long: Position | undefined;
    let short: Position | undefined;
    for (const p of this.list) {
      if (p.size === 0) continue;
      if (p.marginMode === "isolated") {
        used += p.margin;
        iso += p.margin;
        continue;
      }
      used += p.cost / big(p.leverage);
      if (symbol !== undefined && symbol !== p.symbol) several = true;
      symbol ??= p.symbol;
      if (p.holdSide === "long") long = p;
      else short = p;
    }
    this.used = used;
    this.iso = iso;
    this.several = several;
    this.crossSymbol = symbol;
    this.crossLong = long;
    this.crossShort = short;
    // valued (and its contract and price looked up) when an order first asks
    if (this.crossPrice !== undefined && this.crossContract?.symbol !== symbol) this.crossPrice = undefined;
    this.at = Number.NaN;
    this.fresh = true;
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
