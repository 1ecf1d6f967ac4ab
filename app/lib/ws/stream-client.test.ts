import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StreamClient, type SocketLike } from "./stream-client";
import type { StreamPush } from "./stream-types";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(x: unknown) {
    this.onmessage?.({ data: typeof x === "string" ? x : JSON.stringify(x) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  ops() {
    return this.sent.filter((s) => s !== "ping").map((s) => JSON.parse(s) as { op: string; args: unknown[] });
  }
}

const book = { instType: "SPOT", channel: "books", instId: "BTCUSDT" } as const;
const trade = { instType: "SPOT", channel: "trade", instId: "BTCUSDT" } as const;
const flush = () => Promise.resolve().then(() => undefined);

function setup(extra: Partial<ConstructorParameters<typeof StreamClient>[0]> = {}) {
  const sockets: FakeSocket[] = [];
  const online = new EventTarget();
  const visibility = Object.assign(new EventTarget(), { visibilityState: "visible" });
  const client = new StreamClient({
    url: () => "ws://x/v2/ws/public",
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    random: () => 1,
    events: { online, visibility },
    ...extra,
  });
  return { client, sockets, online, visibility, last: () => sockets[sockets.length - 1]! };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("StreamClient", () => {
  it("connects on the first subscription, subscribes everything in one message and routes pushes by channel", async () => {
    const { client, sockets, last } = setup();
    const books: StreamPush[] = [];
    const trades: StreamPush[] = [];
    client.subscribe(book, (p) => books.push(p));
    client.subscribe(trade, (p) => trades.push(p));
    expect(sockets).toHaveLength(1);
    last().open();
    expect(last().ops()).toEqual([{ op: "subscribe", args: [book, trade] }]);
    expect(client.status()).toBe("open");
    last().receive({ action: "snapshot", arg: book, data: [{ asks: [], bids: [] }] });
    last().receive({ action: "update", arg: trade, data: [{ price: "1" }] });
    last().receive("not json");
    expect(books.map((p) => p.action)).toEqual(["snapshot"]);
    expect(trades).toHaveLength(1);
    // Later subscriptions and removals of one tick go out together.
    const off = client.subscribe({ instType: "SPOT", channel: "ticker", instId: "BTCUSDT" }, () => undefined);
    await flush();
    off();
    client.resnapshot(book);
    await flush();
    expect(last().ops().slice(1)).toEqual([
      { op: "subscribe", args: [{ instType: "SPOT", channel: "ticker", instId: "BTCUSDT" }] },
      { op: "unsubscribe", args: [{ instType: "SPOT", channel: "ticker", instId: "BTCUSDT" }] },
      { op: "subscribe", args: [book] },
    ]);
  });

  it("reconnects with capped exponential backoff and subscribes again, telling the page to refetch", () => {
    const { client, sockets, last } = setup({ backoff: { baseMs: 100, maxMs: 400 } });
    let readies = 0;
    client.onReady(() => readies++);
    client.subscribe(book, () => undefined);
    for (const wait of [100, 200, 400, 400]) {
      last().drop();
      expect(client.status()).toBe("reconnecting");
      const before = sockets.length;
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(before + 1);
    }
    last().open();
    expect(last().ops()).toEqual([{ op: "subscribe", args: [book] }]);
    expect(readies).toBe(1);
    // A good connection resets the backoff.
    last().drop();
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(6);
  });

  it("pings, and starts again when a ping goes unanswered", () => {
    const { client, sockets, last } = setup({ pingMs: 1000 });
    client.subscribe(book, () => undefined);
    last().open();
    vi.advanceTimersByTime(1000);
    expect(last().sent.at(-1)).toBe("ping");
    last().receive("pong");
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.closed).toBe(true);
  });

  it("starts again at once when the browser comes online, and probes a live connection on return to the tab", () => {
    const { client, sockets, last, online, visibility } = setup({ pongTimeoutMs: 500 });
    client.subscribe(book, () => undefined);
    last().drop();
    online.dispatchEvent(new Event("online"));
    expect(sockets).toHaveLength(2);
    last().open();
    visibility.dispatchEvent(new Event("visibilitychange"));
    expect(last().sent.at(-1)).toBe("ping");
    last().receive("pong");
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
    visibility.dispatchEvent(new Event("visibilitychange"));
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(3);
    // Hidden: nothing happens.
    visibility.visibilityState = "hidden";
    last().drop();
    visibility.dispatchEvent(new Event("visibilitychange"));
    expect(sockets).toHaveLength(3);
  });

  it("logs a private stream in before subscribing, retries a refused login and stops for good without a session", async () => {
    let n = 0;
    const { client, sockets, last } = setup({ login: async () => ({ tm: String(++n) }) });
    const errors: number[] = [];
    client.onError((e) => errors.push(e.code));
    client.subscribe({ instType: "SPOT", channel: "orders", instId: "BTCUSDT" }, () => undefined);
    last().open();
    await flush();
    expect(last().ops()).toEqual([{ op: "login", args: [{ tm: "1" }] }]);
    last().receive({ event: "error", code: 30015, msg: "Signature invalid (00023)" });
    expect(last().closed).toBe(true);
    last().drop();
    vi.advanceTimersByTime(30_000);
    last().open();
    await flush();
    last().receive({ event: "login", code: 0, msg: "" });
    expect(last().ops()).toEqual([
      { op: "login", args: [{ tm: "2" }] },
      { op: "subscribe", args: [{ instType: "SPOT", channel: "orders", instId: "BTCUSDT" }] },
    ]);
    last().drop();
    vi.advanceTimersByTime(500);
    last().open();
    await flush();
    last().receive({ event: "error", code: 30005, msg: "Login failed" });
    expect(client.status()).toBe("unauthorized");
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(3);
    expect(errors).toEqual([30015, 30005]);
  });

  it("stays closed when the page has no key to log in with", async () => {
    const { client, sockets, last } = setup({ login: async () => undefined });
    client.subscribe(book, () => undefined);
    last().open();
    await flush();
    expect(client.status()).toBe("unauthorized");
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("closes when the last subscription goes, and not while another takes its place", async () => {
    const { client, last } = setup();
    const off = client.subscribe(book, () => undefined);
    last().open();
    off();
    client.subscribe(trade, () => undefined)();
    const again = client.subscribe(trade, () => undefined);
    await flush();
    expect(last().closed).toBe(false);
    again();
    await flush();
    expect(last().closed).toBe(true);
    expect(client.status()).toBe("idle");
  });
});
