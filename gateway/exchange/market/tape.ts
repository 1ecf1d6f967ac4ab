/** The last public trades of each book (a fixed-size ring), for `market/fills` and streams. */
import type { Side } from "../../../protocol/bitget.ts";
import type { Env } from "../engine/types.ts";
import { mapEntry } from "../../map-entry.ts";

export interface PublicTrade {
  tradeId: string;
  price: number;
  size: number;
  side: Side;
  ts: number;
}

export const TAPE_SIZE = 1000;

export class Tape {
  private readonly ring: PublicTrade[] = [];
  private head = 0;

  push(t: PublicTrade): void {
    if (this.ring.length < TAPE_SIZE) this.ring.push(t);
    else {
      this.ring[this.head] = t;
      this.head = (this.head + 1) % TAPE_SIZE;
    }
  }

  /** Newest first. */
  latest(limit: number, filter?: (t: PublicTrade) => boolean): PublicTrade[] {
    const out: PublicTrade[] = [];
    const n = this.ring.length;
    for (let k = 1; k <= n && out.length < limit; k++) {
      const t = this.ring[(this.head - k + n * 2) % n] as PublicTrade;
      if (!filter || filter(t)) out.push(t);
    }
    return out;
  }
}

/** A tape per book, made on first use; spot and futures markets each keep one set. */
const newTape = () => new Tape();

export class Tapes {
  /** Per environment, then symbol: a trade reaches its tape without building a key. */
  private readonly byBook: Record<Env, Map<string, Tape>> = { live: new Map(), paper: new Map() };

  of(env: Env, symbol: string): Tape {
    return mapEntry(this.byBook[env], symbol, newTape);
  }
}
