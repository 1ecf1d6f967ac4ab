import { describe, expect, it, vi } from "vitest";
import { batchedFrames, FrameStore } from "./frame-store";

describe("FrameStore", () => {
  it("publishes once per frame however many changes came in, and keeps the snapshot's identity between frames", () => {
    const frames: Array<() => void> = [];
    let source = [1];
    let computed = 0;
    const store = new FrameStore(
      () => {
        computed++;
        return [...source];
      },
      (cb) => frames.push(cb),
    );
    const first = store.get();
    let notified = 0;
    store.subscribe(() => notified++);
    for (let i = 2; i < 6; i++) {
      source = [...source, i];
      store.invalidate();
    }
    expect(frames).toHaveLength(1);
    expect(store.get()).toBe(first);
    frames.shift()!();
    expect(store.get()).toEqual([1, 2, 3, 4, 5]);
    expect(notified).toBe(1);
    expect(computed).toBe(2);
    expect(store.get()).toBe(store.get());
  });

  it("stops telling a listener that unsubscribed", () => {
    const frames: Array<() => void> = [];
    const store = new FrameStore(
      () => 0,
      (cb) => frames.push(cb),
    );
    let notified = 0;
    const off = store.subscribe(() => notified++);
    off();
    store.invalidate();
    frames.shift()!();
    expect(notified).toBe(0);
  });

  it("publishes every store that changed in one frame callback, in the order they changed, so React renders them once", () => {
    const requested: Array<() => void> = [];
    const schedule = batchedFrames((run) => requested.push(run));
    let book = 0;
    let trades = 0;
    const bookStore = new FrameStore(() => book, schedule);
    const tradesStore = new FrameStore(() => trades, schedule);
    const seen: string[] = [];
    bookStore.subscribe(() => seen.push(`book ${bookStore.get()}`));
    tradesStore.subscribe(() => seen.push(`trades ${tradesStore.get()}`));
    trades = 1;
    tradesStore.invalidate();
    book = 1;
    bookStore.invalidate();
    book = 2;
    bookStore.invalidate();
    expect(requested).toHaveLength(1);
    requested.shift()!();
    expect(seen).toEqual(["trades 1", "book 2"]);
    // The next change asks for a frame of its own.
    book = 3;
    bookStore.invalidate();
    expect(requested).toHaveLength(1);
    requested.shift()!();
    expect(seen).toEqual(["trades 1", "book 2", "book 3"]);
  });

  it("still publishes the other stores of a frame when one of them throws, and reports the error", () => {
    vi.useFakeTimers();
    try {
      const requested: Array<() => void> = [];
      const schedule = batchedFrames((run) => requested.push(run));
      const broken = new FrameStore(() => 0, schedule);
      let value = 0;
      const fine = new FrameStore(() => value, schedule);
      broken.subscribe(() => {
        throw new Error("listener failed");
      });
      let notified = 0;
      fine.subscribe(() => notified++);
      broken.invalidate();
      value = 1;
      fine.invalidate();
      requested.shift()!();
      expect(fine.get()).toBe(1);
      expect(notified).toBe(1);
      expect(() => vi.runAllTimers()).toThrow("listener failed");
    } finally {
      vi.useRealTimers();
    }
  });
});
