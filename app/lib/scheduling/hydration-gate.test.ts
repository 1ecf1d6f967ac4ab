import { afterEach, describe, expect, it, vi } from "vitest";
import { afterHydration, GATE_MAX_MS, holdHydration, hydrationPending, newHydrationToken, releaseHydration } from "./hydration-gate";
import { FrameStore } from "~/lib/ws/frame-store";

afterEach(() => vi.useRealTimers());

describe("hydration gate", () => {
  it("runs work at once when no panel waits to hydrate", () => {
    const f = vi.fn();
    afterHydration(f);
    expect(f).toHaveBeenCalledTimes(1);
  });

  it("holds work until the last waiting panel has hydrated, then runs it once in order", () => {
    const a = newHydrationToken();
    const b = newHydrationToken();
    holdHydration(a);
    holdHydration(b);
    const order: number[] = [];
    afterHydration(() => order.push(1));
    afterHydration(() => order.push(2));
    releaseHydration(a);
    expect(order).toEqual([]);
    expect(hydrationPending()).toBe(1);
    releaseHydration(b);
    expect(order).toEqual([1, 2]);
    releaseHydration(b);
    expect(order).toEqual([1, 2]);
    expect(hydrationPending()).toBe(0);
  });

  it("does not hold for a panel that rendered on the client (done before its boundary's effect), nor after an unmount", () => {
    const done = newHydrationToken();
    releaseHydration(done);
    holdHydration(done);
    expect(hydrationPending()).toBe(0);
    const left = newHydrationToken();
    const release = holdHydration(left);
    expect(hydrationPending()).toBe(1);
    release();
    expect(hydrationPending()).toBe(0);
  });

  it("lets the work through after the deadline when a panel never hydrates", () => {
    vi.useFakeTimers();
    holdHydration(newHydrationToken());
    const f = vi.fn();
    afterHydration(f);
    vi.advanceTimersByTime(GATE_MAX_MS - 1);
    expect(f).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(f).toHaveBeenCalledTimes(1);
    expect(hydrationPending()).toBe(0);
  });

  it("keeps a stream store's frames (one, the latest) until the panels have hydrated", () => {
    const frames: Array<() => void> = [];
    let source = 1;
    const store = new FrameStore(
      () => source,
      (cb) => frames.push(cb),
    );
    let notified = 0;
    store.subscribe(() => notified++);
    const panel = newHydrationToken();
    holdHydration(panel);
    source = 2;
    store.invalidate();
    frames.shift()!();
    source = 3;
    store.invalidate();
    expect(frames).toHaveLength(0);
    expect(store.get()).toBe(1);
    expect(notified).toBe(0);
    releaseHydration(panel);
    expect(store.get()).toBe(3);
    expect(notified).toBe(1);
  });
});
