import { afterEach, describe, expect, it, vi } from "vitest";
import { nextTask, whenIdle } from "./idle";

afterEach(() => vi.unstubAllGlobals());

describe("whenIdle", () => {
  it("does nothing on the server", () => {
    const callback = vi.fn();
    whenIdle(callback)();
    expect(callback).not.toHaveBeenCalled();
  });

  it("asks the browser for an idle moment with a deadline, and can be cancelled", () => {
    const requestIdleCallback = vi.fn((_cb: () => void, _opts: { timeout: number }) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal("window", { requestIdleCallback, cancelIdleCallback });
    const callback = vi.fn();
    const cancel = whenIdle(callback, 1500);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1500 });
    expect(callback).not.toHaveBeenCalled();
    requestIdleCallback.mock.calls[0]![0]();
    expect(callback).toHaveBeenCalledOnce();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it("falls back to a timer where there is no requestIdleCallback", () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal("window", { setTimeout, clearTimeout });
      const callback = vi.fn();
      whenIdle(callback, 2000, 200);
      vi.advanceTimersByTime(199);
      expect(callback).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(callback).toHaveBeenCalledOnce();
      const cancelled = vi.fn();
      whenIdle(cancelled, 2000, 200)();
      vi.advanceTimersByTime(500);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("nextTask", () => {
  it("settles after the current task's microtasks", async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push("task"));
    await Promise.resolve().then(() => order.push("microtask"));
    await task;
    expect(order).toEqual(["microtask", "task"]);
  });
});
