/** Order construction and ids: one object shape for every order, ids that sort by time. */
import type { Order } from "./types.ts";

/** Monotonic ids: epoch ms x 1000 + a counter, so they sort by time and survive restarts. */
export class IdGen {
  private last = 0;
  constructor(floor = 0) {
    this.last = floor;
  }
  next(now = Date.now()): number {
    const candidate = now * 1000;
    this.last = candidate > this.last ? candidate : this.last + 1;
    return this.last;
  }

  private prefixOf = -1;
  private prefix = "";
  /**
   * The decimal string of an id, as String(id) spells it, made from a cached prefix (all digits
   * but the last three, which change once per thousand ids) and a table of three-digit suffixes:
   * String() of a 16-digit number costs about twice as much, and every order and trade needs one.
   */
  text(id: number): string {
    const hi = Math.floor(id / 1000);
    if (hi <= 0 || !Number.isSafeInteger(id)) return String(id);
    if (hi !== this.prefixOf) {
      this.prefixOf = hi;
      this.prefix = String(hi);
    }
    return this.prefix + (SUFFIXES[id - hi * 1000] as string);
  }
}

/** "000" to "999". */
const SUFFIXES = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));

export type OrderInit = Partial<Omit<Order, "id" | "seq">> & Pick<Order, "env" | "userId" | "symbol" | "side" | "type">;

export function newOrder(ids: IdGen, init: OrderInit, now = Date.now()): Order {
  const seq = ids.next(now);
  // an explicit literal keeps one object shape for every order (the engine's hot path)
  return {
    id: ids.text(seq),
    seq,
    env: init.env,
    userId: init.userId,
    symbol: init.symbol,
    side: init.side,
    type: init.type,
    force: init.force ?? "gtc",
    stp: init.stp ?? "none",
    price: init.price ?? 0,
    size: init.size ?? 0,
    quoteSize: init.quoteSize ?? 0n,
    filled: 0,
    filledQuote: 0n,
    fee: 0n,
    deductFee: 0n,
    frozen: 0n,
    status: "live",
    clientOid: init.clientOid ?? "",
    cTime: now,
    uTime: now,
    cancelReason: "",
    house: init.house ?? false,
    source: init.source ?? "API",
    // Written out, not spread from unlinked(): this runs for every order on the hot path (docs/decisions/306).
    level: null,
    openPos: -1,
    prev: null,
    next: null,
    quoteBal: null,
    baseBal: null,
    rates: null,
  };
}

/** An order's engine links before it rests on a book, for an order read back from storage (as newOrder sets them). */
export function unlinked(): Pick<Order, "level" | "openPos" | "prev" | "next" | "quoteBal" | "baseBal" | "rates"> {
  return { level: null, openPos: -1, prev: null, next: null, quoteBal: null, baseBal: null, rates: null };
}
