import { describe, expect, it, vi } from "vitest";
import type { StreamArg, StreamPush } from "~/lib/ws/stream-types";
import { MarginAccountFeed, type MarginAccountApi, type MarginEvent } from "./account-feed";
import type { MarginOrder } from "./api";

const order = (id: string, status: string, filled: string): MarginOrder => ({
  orderId: id,
  clientOid: "",
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "market",
  loanType: "autoLoan",
  price: "",
  priceAvg: "50000",
  size: "100",
  filled,
  filledQuote: "100",
  status,
  source: "WEB",
  cTime: "1",
});

function setup(done: MarginOrder[][], risks: string[]) {
  const subs: Array<{ arg: StreamArg; l: (p: StreamPush) => void }> = [];
  const stream = {
    subscribe: (arg: StreamArg, l: (p: StreamPush) => void) => {
      subs.push({ arg, l });
      return () => undefined;
    },
    onReady: () => () => undefined,
    onStatus: () => () => undefined,
    status: () => "open" as const,
  };
  let n = 0;
  let r = 0;
  const api: MarginAccountApi = {
    assets: vi.fn(() => Promise.resolve([])),
    riskRate: () => Promise.resolve(risks[Math.min(r++, risks.length - 1)]),
    borrowable: () => Promise.resolve({ quote: "100" }),
    openOrders: () => Promise.resolve([]),
    recentDone: () => Promise.resolve(done[Math.min(n++, done.length - 1)] ?? []),
  };
  const feed = new MarginAccountFeed("crossed", "BTCUSDT", stream, api, 1.3, (cb) => cb());
  const events: MarginEvent[] = [];
  feed.onEvent((e) => events.push(e));
  return { feed, subs, events, api };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("MarginAccountFeed", () => {
  it("follows Bitget's margin channels of its mode and pair", () => {
    const { feed, subs } = setup([[]], ["0"]);
    const stop = feed.start(60_000);
    expect(subs.map((s) => s.arg)).toEqual([
      { instType: "MARGIN", channel: "account-crossed", coin: "default" },
      { instType: "MARGIN", channel: "orders-crossed", instId: "BTCUSDT" },
    ]);
    stop();
  });

  it("says a fill once, and not the fills it found at the start", async () => {
    const { feed, events } = setup(
      [[order("1", "filled", "0.002")], [order("1", "filled", "0.002"), order("2", "filled", "0.001")], [order("2", "filled", "0.001")]],
      ["0"],
    );
    feed.refresh();
    await flush();
    feed.refresh();
    await flush();
    feed.refresh();
    await flush();
    expect(events).toEqual([{ kind: "fill", order: order("2", "filled", "0.001") }]);
    expect(feed.store.get().borrowable).toEqual({ quote: "100" });
  });

  it("tells a liquidation's close-out from the trader's own fills", async () => {
    const closeOut = { ...order("3", "filled", "0.02"), side: "sell" as const, source: "SYS" };
    const { feed, events } = setup([[], [closeOut]], ["0"]);
    feed.refresh();
    await flush();
    feed.refresh();
    await flush();
    expect(events).toEqual([{ kind: "liquidation", order: closeOut }]);
  });

  it("warns of a margin call when the risk rate reaches the warning", async () => {
    const { feed, events } = setup([[]], ["2.5", "1.25", "1.2"]);
    for (let i = 0; i < 3; i++) {
      feed.refresh();
      await flush();
    }
    expect(events).toEqual([{ kind: "marginCall", riskRate: "1.25" }]);
  });

  it("reads again a little after a push", async () => {
    vi.useFakeTimers();
    const { feed, subs, api } = setup([[]], ["0"]);
    const stop = feed.start(60_000);
    expect(api.assets).toHaveBeenCalledTimes(1);
    subs[1]!.l({ action: "update", arg: subs[1]!.arg, data: [{}] });
    subs[0]!.l({ action: "update", arg: subs[0]!.arg, data: [{}] });
    vi.advanceTimersByTime(200);
    expect(api.assets).toHaveBeenCalledTimes(2);
    stop();
    vi.useRealTimers();
  });

  it("reads again soon after a failed first read, and not once stopped", async () => {
    vi.useFakeTimers();
    try {
      const { feed, api } = setup([[]], ["0"]);
      const assets = vi.mocked(api.assets);
      assets.mockImplementationOnce(() => Promise.reject(new Error("busy")));
      const stop = feed.start(60_000);
      await vi.advanceTimersByTimeAsync(0);
      expect(feed.store.get().assets.state).toBe("error");
      await vi.advanceTimersByTimeAsync(1_000);
      expect(assets).toHaveBeenCalledTimes(2);
      expect(feed.store.get().assets).toEqual({ state: "ready", data: [] });

      stop();

      // a gateway that stays down is asked after 1 s, 2 s, 4 s, then only by the poll (8 s here)
      const down = setup([[]], ["0"]);
      vi.mocked(down.api.assets).mockImplementation(() => Promise.reject(new Error("down")));
      const stopDown = down.feed.start(8_000);
      await vi.advanceTimersByTimeAsync(7_500);
      expect(down.api.assets).toHaveBeenCalledTimes(4);
      await vi.advanceTimersByTimeAsync(8_000);
      expect(down.api.assets).toHaveBeenCalledTimes(5);
      stopDown();

      // stopped before its first read failed: nothing is scheduled
      const other = setup([[]], ["0"]);
      vi.mocked(other.api.assets).mockImplementationOnce(() => Promise.reject(new Error("busy")));
      other.feed.start(60_000)();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(other.api.assets).toHaveBeenCalledTimes(1);
      expect(other.feed.store.get().assets.state).toBe("error");
    } finally {
      vi.useRealTimers();
    }
  });
});
