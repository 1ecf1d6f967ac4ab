import { describe, expect, it } from "vitest";
import type { StreamPush } from "~/lib/ws/stream-types";
import type { OpenOrder } from "./account-data";
import { AccountFeed, type AccountApi } from "./account-feed";
import { openOrder, planOrder } from "./open-order.fixture";

const order = (id: string, status: OpenOrder["status"]) => openOrder(id, status, { clientOid: id });

function fakeStream() {
  const subs = new Map<string, (p: StreamPush) => void>();
  const ready = new Set<() => void>();
  return {
    subs,
    ready,
    subscribe: (arg: { channel: string }, l: (p: StreamPush) => void) => {
      subs.set(arg.channel, l);
      return () => subs.delete(arg.channel);
    },
    onReady: (l: () => void) => (ready.add(l), () => ready.delete(l)),
    status: () => "open" as const,
    onStatus: () => () => undefined,
    push: (channel: string, action: StreamPush["action"], data: unknown[]) =>
      subs.get(channel)!({ action, arg: { instType: "SPOT", channel }, data }),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("AccountFeed", () => {
  it("reads balances before following the stream, then merges pushes and rereads history when an order leaves the book", async () => {
    const calls: string[] = [];
    let assetsDone = false;
    const api: AccountApi = {
      assets: async () => {
        calls.push("assets");
        await tick();
        assetsDone = true;
        return [{ coin: "USDT", available: "10000", frozen: "0", locked: "0" }];
      },
      openOrders: async () => (calls.push("open"), [order("1", "live")]),
      history: async () => (calls.push("history"), []),
      fills: async () => (calls.push("fills"), []),
      plans: async () => [],
    };
    const stream = fakeStream();
    const frames: Array<() => void> = [];
    const feed = new AccountFeed("BTCUSDT", stream, api, (cb) => frames.push(cb));
    const stop = feed.start();
    expect(stream.subs.size).toBe(0);
    await tick();
    await tick();
    expect(assetsDone).toBe(true);
    expect([...stream.subs.keys()].sort()).toEqual(["account", "orders", "orders-algo"]);
    stream.push("orders", "snapshot", [order("2", "live")]);
    stream.push("account", "update", [{ coin: "USDT", available: "9990", frozen: "10", locked: "0" }]);
    for (const f of frames.splice(0)) f();
    const view = feed.store.get();
    expect(view.openOrders).toEqual({ state: "ready", data: [order("2", "live")] });
    expect(view.balances).toEqual({ state: "ready", data: [{ coin: "USDT", available: "9990", frozen: "10", locked: "0" }] });
    const before = calls.filter((c) => c === "history").length;
    stream.push("orders", "update", [order("2", "filled")]);
    await new Promise((r) => setTimeout(r, 350));
    expect(calls.filter((c) => c === "history").length).toBe(before + 1);
    // A reconnect (the second ready) reads history again; the first does not.
    for (const r of stream.ready) r();
    for (const r of stream.ready) r();
    await tick();
    expect(calls.filter((c) => c === "history").length).toBe(before + 2);
    stop();
    expect(stream.subs.size).toBe(0);
  });

  it("shows an error when the first read fails and keeps data when a refresh fails", async () => {
    let fail = true;
    const api: AccountApi = {
      assets: async () => {
        if (fail) throw new Error("down");
        return [];
      },
      openOrders: async () => [],
      history: async () => [],
      fills: async () => {
        throw new Error("down");
      },
      plans: async () => [],
    };
    const frames: Array<() => void> = [];
    const feed = new AccountFeed("BTCUSDT", fakeStream(), api, (cb) => frames.push(cb));
    feed.start();
    await tick();
    await tick();
    for (const f of frames.splice(0)) f();
    expect(feed.store.get().balances.state).toBe("error");
    expect(feed.store.get().fills.state).toBe("error");
    fail = false;
    feed.refresh();
    await tick();
    for (const f of frames.splice(0)) f();
    expect(feed.store.get().balances).toEqual({ state: "ready", data: [] });
  });

  it("keeps the live plans and tells its listeners what happened to orders and plans", async () => {
    const api: AccountApi = {
      assets: async () => [],
      openOrders: async () => [order("1", "live")],
      history: async () => [],
      fills: async () => [],
      plans: async () => [planOrder("7", "live")],
    };
    const stream = fakeStream();
    const frames: Array<() => void> = [];
    const feed = new AccountFeed("BTCUSDT", stream, api, (cb) => frames.push(cb));
    const events: string[] = [];
    const off = feed.onEvent((e) => events.push(`${e.kind}:${"order" in e ? e.order.orderId : e.plan.orderId}`));
    feed.start();
    await tick();
    await tick();
    for (const f of frames.splice(0)) f();
    expect(feed.store.get().plans).toEqual({ state: "ready", data: [planOrder("7", "live")] });
    // The snapshot only says what is open now: no toasts for it.
    stream.push("orders", "snapshot", [order("1", "live")]);
    stream.push("orders", "update", [order("1", "filled"), order("2", "live")]);
    stream.push("orders-algo", "update", [planOrder("7", "executed")]);
    for (const f of frames.splice(0)) f();
    expect(feed.store.get().plans).toEqual({ state: "ready", data: [] });
    expect(events).toEqual(["filled:1", "placed:2", "triggered:7"]);
    off();
    stream.push("orders", "update", [order("2", "cancelled")]);
    expect(events).toHaveLength(3);
  });

  it("reads Bitget's spot orders stream item (decision 319) as its open-order row", async () => {
    const api: AccountApi = {
      assets: async () => [],
      openOrders: async () => [],
      history: async () => [],
      fills: async () => [],
      plans: async () => [],
    };
    const stream = fakeStream();
    const frames: Array<() => void> = [];
    const feed = new AccountFeed("BTCUSDT", stream, api, (cb) => frames.push(cb));
    const stop = feed.start();
    await tick();
    await tick();
    const item = {
      instId: "BTCUSDT",
      orderId: "9",
      clientOid: "c9",
      price: "85000.00",
      size: "85.00000000",
      newSize: "0.001000",
      orderType: "limit",
      side: "buy",
      accBaseVolume: "0.000400",
      priceAvg: "85000.00",
      status: "partially_filled",
      cTime: "1",
    };
    stream.push("orders", "snapshot", [item]);
    for (const f of frames.splice(0)) f();
    const view = feed.store.get();
    expect(view.openOrders.state).toBe("ready");
    const [row] = view.openOrders.state === "ready" ? view.openOrders.data : [];
    expect(row).toMatchObject({ orderId: "9", symbol: "BTCUSDT", priceAvg: "85000.00", size: "0.001000", baseVolume: "0.000400" });
    stop();
  });
});
