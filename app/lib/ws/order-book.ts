import { compare, parseDecimal, type Decimal } from "~/lib/numbers/decimal";
import { crc32 } from "./crc32";

/** One `books` push as the gateway sends it (Bitget v2): absolute sizes, "0" = the level is gone. */
export interface BookPush {
  asks: string[][];
  bids: string[][];
  checksum?: number;
  seq?: number;
  pseq?: number;
}

export interface BookLevel {
  price: string;
  size: string;
}

/** What applying a push did: `gap` and `checksum` mean the book is no longer trusted and needs a new snapshot. */
export type BookResult = "ok" | "gap" | "checksum";

/** Bitget's checksum covers the best 25 levels of each side. */
export const CHECKSUM_LEVELS = 25;

interface Side {
  /** Keyed by the price text exactly as the gateway wrote it: the checksum hashes that text. */
  levels: Map<string, { text: string; price: Decimal; size: string }>;
  sorted: BookLevel[] | undefined;
}

const newSide = (): Side => ({ levels: new Map(), sorted: undefined });

/**
 * The exact order book of one symbol, rebuilt from a snapshot and the updates after it. Every
 * update names the seq the gateway last sent (`pseq`): anything else is a gap. After each step
 * the crc32 of the best 25 levels (interleaved bid, ask, as the strings arrived) must equal the
 * gateway's, or the book is wrong. Either way the caller asks for a new snapshot.
 */
export class OrderBook {
  private asks = newSide();
  private bids = newSide();
  private seqValue: number | undefined;
  private trusted = false;

  get seq(): number | undefined {
    return this.seqValue;
  }

  /** True after a good snapshot until a gap or a checksum mismatch. */
  get synced(): boolean {
    return this.trusted;
  }

  snapshot(push: BookPush): BookResult {
    this.asks = newSide();
    this.bids = newSide();
    this.apply(push);
    this.seqValue = push.seq;
    return this.verify(push);
  }

  update(push: BookPush): BookResult {
    if (!this.trusted || push.pseq === undefined || push.pseq !== this.seqValue) {
      this.trusted = false;
      return "gap";
    }
    this.apply(push);
    this.seqValue = push.seq;
    return this.verify(push);
  }

  /** The best `n` levels of a side: asks from the lowest price up, bids from the highest down. */
  levels(side: "asks" | "bids", n = Number.POSITIVE_INFINITY): BookLevel[] {
    const s = side === "asks" ? this.asks : this.bids;
    if (!s.sorted) {
      const dir = side === "asks" ? 1 : -1;
      s.sorted = [...s.levels.values()].sort((a, b) => dir * compare(a.price, b.price)).map((l) => ({ price: l.text, size: l.size }));
    }
    return Number.isFinite(n) ? s.sorted.slice(0, n) : s.sorted;
  }

  checksum(): number {
    const bids = this.levels("bids", CHECKSUM_LEVELS);
    const asks = this.levels("asks", CHECKSUM_LEVELS);
    const parts: string[] = [];
    for (let i = 0; i < CHECKSUM_LEVELS; i++) {
      const b = bids[i];
      const a = asks[i];
      if (b) parts.push(b.price, b.size);
      if (a) parts.push(a.price, a.size);
    }
    return crc32(parts.join(":"));
  }

  private verify(push: BookPush): BookResult {
    this.trusted = push.checksum === undefined || push.checksum === this.checksum();
    return this.trusted ? "ok" : "checksum";
  }

  private apply(push: BookPush): void {
    applySide(this.asks, push.asks);
    applySide(this.bids, push.bids);
  }
}

function applySide(side: Side, rows: readonly string[][]): void {
  for (const row of rows) {
    const [priceText, size] = row;
    if (priceText === undefined || size === undefined) continue;
    const price = parseDecimal(priceText);
    const amount = parseDecimal(size);
    if (!price || !amount) continue;
    if (amount.int === 0n) side.levels.delete(priceText);
    else side.levels.set(priceText, { text: priceText, price, size });
  }
  side.sorted = undefined;
}
