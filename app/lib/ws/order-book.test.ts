import { crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { OrderBook, type BookPush } from "./order-book";

/** The gateway's checksum (gateway/exchange/streams/payloads.ts) over a full book, for building pushes. */
function gatewayChecksum(bids: string[][], asks: string[][]): number {
  const parts: string[] = [];
  for (let i = 0; i < 25; i++) {
    if (bids[i]) parts.push(bids[i]![0]!, bids[i]![1]!);
    if (asks[i]) parts.push(asks[i]![0]!, asks[i]![1]!);
  }
  return zlibCrc32(parts.join(":")) | 0;
}

/** A reference book that produces the gateway's pushes. */
class Reference {
  asks = new Map<string, string>();
  bids = new Map<string, string>();
  seq = 0;
  sorted(side: "asks" | "bids"): string[][] {
    const dir = side === "asks" ? 1 : -1;
    return [...this[side]].sort((a, b) => dir * (Number(a[0]) - Number(b[0])));
  }
  snapshot(): BookPush {
    return {
      asks: this.sorted("asks"),
      bids: this.sorted("bids"),
      checksum: gatewayChecksum(this.sorted("bids"), this.sorted("asks")),
      seq: this.seq,
    };
  }
  change(asks: string[][], bids: string[][]): BookPush {
    const pseq = this.seq;
    this.seq += asks.length + bids.length;
    for (const [side, rows] of [
      [this.asks, asks],
      [this.bids, bids],
    ] as const) {
      for (const [p, s] of rows) {
        if (s === "0") side.delete(p!);
        else side.set(p!, s!);
      }
    }
    return { asks, bids, checksum: gatewayChecksum(this.sorted("bids"), this.sorted("asks")), seq: this.seq, pseq };
  }
}

function seeded(): Reference {
  const r = new Reference();
  for (let i = 0; i < 30; i++) {
    r.asks.set((100 + i * 0.5).toFixed(2), (1 + i).toFixed(4));
    r.bids.set((99.5 - i * 0.5).toFixed(2), (2 + i).toFixed(4));
  }
  r.seq = 7;
  return r;
}

describe("OrderBook", () => {
  it("rebuilds the gateway's book exactly from a snapshot and updates, sorted and checksummed", () => {
    const ref = seeded();
    const book = new OrderBook();
    expect(book.snapshot(ref.snapshot())).toBe("ok");
    expect(
      book.update(
        ref.change(
          [
            ["100.00", "0"],
            ["99.75", "3.0000"],
          ],
          [
            ["99.50", "0.5000"],
            ["10.00", "1.0000"],
          ],
        ),
      ),
    ).toBe("ok");
    expect(
      book.update(
        ref.change(
          [["200.00", "9.0000"]],
          [
            ["99.00", "0"],
            ["99.60", "1.2500"],
          ],
        ),
      ),
    ).toBe("ok");
    expect(book.levels("asks").map((l) => [l.price, l.size])).toEqual(ref.sorted("asks"));
    expect(book.levels("bids").map((l) => [l.price, l.size])).toEqual(ref.sorted("bids"));
    expect(book.levels("asks", 2)).toEqual([
      { price: "99.75", size: "3.0000" },
      { price: "100.50", size: "2.0000" },
    ]);
    expect(book.levels("bids", 1)).toEqual([{ price: "99.60", size: "1.2500" }]);
    expect(book.seq).toBe(ref.seq);
    expect(book.synced).toBe(true);
  });

  it("calls a missed update a gap, stays untrusted until the next snapshot, then recovers", () => {
    const ref = seeded();
    const book = new OrderBook();
    book.snapshot(ref.snapshot());
    ref.change([["100.00", "0"]], []);
    const after = ref.change([["100.50", "5.0000"]], []);
    expect(book.update(after)).toBe("gap");
    expect(book.synced).toBe(false);
    // Everything that follows is refused too until a new snapshot.
    expect(book.update(ref.change([], [["99.50", "0"]]))).toBe("gap");
    expect(book.snapshot(ref.snapshot())).toBe("ok");
    expect(book.update(ref.change([], [["99.00", "7.0000"]]))).toBe("ok");
    expect(book.levels("bids", 1)).toEqual([{ price: "99.00", size: "7.0000" }]);
  });

  it("refuses an update before any snapshot", () => {
    const ref = seeded();
    expect(new OrderBook().update(ref.change([["1.00", "1.0000"]], []))).toBe("gap");
  });

  it("detects a book that disagrees with the gateway's checksum", () => {
    const ref = seeded();
    const book = new OrderBook();
    book.snapshot(ref.snapshot());
    const push = ref.change([["100.00", "0"]], []);
    expect(book.update({ ...push, asks: [["100.00", "0.9999"]] })).toBe("checksum");
    expect(book.synced).toBe(false);
    const bad = ref.snapshot();
    expect(book.snapshot({ ...bad, checksum: (bad.checksum ?? 0) + 1 })).toBe("checksum");
  });

  it("ignores rows that are not decimals instead of breaking", () => {
    const book = new OrderBook();
    expect(book.snapshot({ asks: [["x", "1"], ["1.00"], ["2.00", "1.5"]], bids: [], seq: 1 })).toBe("ok");
    expect(book.levels("asks")).toEqual([{ price: "2.00", size: "1.5" }]);
  });
});
