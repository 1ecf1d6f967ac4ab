import { describe, expect, it } from "vitest";
import { FrameStore } from "./frame-store";

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
});
