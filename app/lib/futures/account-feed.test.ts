import { describe, expect, it } from "vitest";
import { positionRow } from "./position.fixture";
import type { StreamPush, StreamStatus } from "~/lib/ws/stream-types";
import { FuturesAccountFeed, type FuturesAccountApi, type FuturesEvent } from "./account-feed";
import { futuresAccountOf, positionOf, type FuturesAccount } from "./api";

const pos = positionRow;
const order = (id: string, status: string, symbol = "BTCUSDT") => ({
  orderId: id,
  clientOid: `c${id}`,
  symbol,
  side: "buy",
  size: "0.01",
  price: "49000",
  status,
  cTime: id,
});
const account = futuresAccountOf({
  marginCoin: "USDT",
  available: "1000",
  accountEquity: "1000",
  crossedMarginLeverage: 20,
  isolatedLongLever: 100,
  marginMode: "isolated",
})!;

function fakeStream() {
  const subs = new Map<string, (p: StreamPush) => void>();
  const ready = new Set<() => void>();
  let status: StreamStatus = "open";
  return {
    subs,
    subscribe: (arg: { channel: string; coin?: string; instId?: string }, l: (p: StreamPush) => void) => {
      subs.set(arg.channel, l);
      return () => subs.delete(arg.channel);
    },
    onReady: (l: () => void) => (ready.add(l), () => ready.delete(l)),
    status: () => status,
    onStatus: () => () => undefined,
    setStatus: (s: StreamStatus) => (status = s),
    ready: () => ready.forEach((r) => r()),
    push: (channel: string, action: StreamPush["action"], data: unknown[], endedPositions?: unknown[]) =>
      subs.get(channel)!({ action, arg: { instType: "USDT-FUTURES", channel }, data, ...(endedPositions ? { endedPositions } : {}) }),
  };
}

function fakeApi() {
  const calls: string[] = [];
  const api: FuturesAccountApi = {
    account: async () => (calls.push("account"), account),
    positions: async () => (calls.push("positions"), [positionOf(pos())!]),
    openOrders: async () => (calls.push("orders"), []),
    plans: async () => (calls.push("plans"), []),
    liquidations: async () => (calls.push("liquidations"), []),
  };
  return { api, calls };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function started() {
  const stream = fakeStream();
  const { api, calls } = fakeApi();
  const frames: Array<() => void> = [];
  const feed = new FuturesAccountFeed("BTCUSDT", stream, api, (cb) => frames.push(cb));
  const events: FuturesEvent[] = [];
  feed.onEvent((e) => events.push(e));
  const stop = feed.start();
  const view = () => {
    for (const f of frames.splice(0)) f();
    return feed.store.get();
  };
  return { stream, calls, feed, events, stop, view };
}

describe("FuturesAccountFeed", () => {
  it("reads over REST, follows the five private channels, and merges snapshots and pushes", async () => {
    const { stream, calls, view, stop } = started();
    await tick();
    expect(calls.sort()).toEqual(["account", "liquidations", "orders", "plans", "positions"]);
    expect([...stream.subs.keys()].sort()).toEqual(["account", "fill", "orders", "orders-algo", "positions"]);
    expect(view().positions).toMatchObject({ state: "ready", data: [{ symbol: "BTCUSDT", holdSide: "long" }] });

    stream.push("orders", "snapshot", [order("1", "live"), order("2", "live", "ETHUSDT")]);
    stream.push("orders", "update", [order("3", "live")]);
    stream.push("orders", "update", [order("1", "filled")]);
    expect(view().orders).toMatchObject({ state: "ready", data: [{ orderId: "3" }] });

    // an account push moves the figures and keeps the contract's leverage and margin mode from REST
    stream.push("account", "update", [{ marginCoin: "USDT", available: "900", accountEquity: "990", equity: "990" }]);
    const acc = view().account as { state: "ready"; data: FuturesAccount };
    expect([acc.data.available, acc.data.accountEquity, acc.data.isolatedLongLever, acc.data.marginMode]).toEqual([
      "900",
      "990",
      "100",
      "isolated",
    ]);

    stream.push("positions", "snapshot", [pos({ total: "0.02" }), pos({ symbol: "ETHUSDT", holdSide: "short" })]);
    expect(view().positions).toMatchObject({ state: "ready", data: [{ total: "0.02" }, { symbol: "ETHUSDT" }] });
    stream.push("orders-algo", "snapshot", [
      { orderId: "p1", symbol: "BTCUSDT", side: "buy", triggerPrice: "1", size: "1", planStatus: "live", cTime: "1" },
    ]);
    expect(view().plans.map((p) => p.orderId)).toEqual(["p1"]);
    stop();
    expect(stream.subs.size).toBe(0);
  });

  it("tells fills, a warning and a liquidation from the pushes, and reads the liquidations again after one", async () => {
    const { stream, calls, events, stop } = started();
    await tick();
    stream.ready();
    stream.push("fill", "snapshot", [{ tradeId: "old", symbol: "BTCUSDT", price: "1", baseVolume: "1" }]);
    stream.push("positions", "snapshot", [pos()]);
    stream.push("fill", "update", [{ tradeId: "t1", symbol: "BTCUSDT", price: "50000", baseVolume: "0.01" }]);
    stream.push("positions", "snapshot", [pos({ total: "0.02", marginRatio: "0.86" })]);
    stream.push("positions", "snapshot", [pos({ total: "0.02", marginRatio: "0.9" })]);
    const before = calls.filter((c) => c === "liquidations").length;
    // a list without the position is no liquidation by itself (the gateway's TP/SL push comes first)
    stream.push("positions", "snapshot", []);
    expect(events.map((e) => e.kind)).toEqual(["fill", "nearLiquidation"]);
    stream.push("positions", "snapshot", [], [{ symbol: "BTCUSDT", holdSide: "long", size: "0.02", endReason: "liquidation" }]);
    expect(events.map((e) => e.kind)).toEqual(["fill", "nearLiquidation", "liquidated"]);
    expect(events[0]).toMatchObject({ fill: { tradeId: "t1", price: "50000" } });
    expect(events[2]).toMatchObject({ position: { symbol: "BTCUSDT", total: "0.02" } });
    await new Promise((r) => setTimeout(r, 350));
    expect(calls.filter((c) => c === "liquidations").length).toBe(before + 1);
    stop();
  });

  it("refetches after an action only while the stream is not open, and resyncs over REST on every reconnect", async () => {
    const { stream, calls, feed, events, stop } = started();
    await tick();
    const count = (what = "positions") => calls.filter((c) => c === what).length;
    const start = count();
    const [accounts, plans] = [count("account"), count("plans")];
    feed.afterAction();
    expect(count()).toBe(start);
    // trigger orders are read again while the gateway has not pushed `orders-algo`; settings always
    expect([count("account"), count("plans")]).toEqual([accounts, plans + 1]);
    feed.afterAction("settings");
    expect([count(), count("account"), count("plans")]).toEqual([start, accounts + 1, plans + 2]);
    stream.push("orders-algo", "snapshot", []);
    feed.afterAction();
    expect(count("plans")).toBe(plans + 2);
    stream.setStatus("reconnecting");
    feed.afterAction();
    expect(count()).toBe(start + 1);
    stream.setStatus("open");
    stream.ready();
    expect(count()).toBe(start + 1);
    stream.push("positions", "snapshot", [pos()]);
    // a reconnect: REST again; a position gone meanwhile is no liquidation
    stream.ready();
    expect(count()).toBe(start + 2);
    stream.push("positions", "snapshot", []);
    expect(events).toEqual([]);
    stop();
  });

  it("keeps what it shows when a resync read fails, and shows an error when the first read does", async () => {
    const stream = fakeStream();
    let fail = true;
    const api: FuturesAccountApi = {
      account: async () => account,
      positions: async () => {
        if (fail) throw new Error("down");
        return [positionOf(pos())!];
      },
      openOrders: async () => [],
      plans: async () => [],
      liquidations: async () => [],
    };
    const feed = new FuturesAccountFeed("BTCUSDT", stream, api, (cb) => cb());
    const stop = feed.start();
    await tick();
    expect(feed.store.get().positions.state).toBe("error");
    fail = false;
    feed.refresh();
    await tick();
    expect(feed.store.get().positions.state).toBe("ready");
    fail = true;
    feed.refresh();
    await tick();
    expect(feed.store.get().positions).toMatchObject({ state: "ready", data: [{ symbol: "BTCUSDT" }] });
    stop();
  });
});
