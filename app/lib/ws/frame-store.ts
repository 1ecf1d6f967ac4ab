import { useSyncExternalStore } from "react";
import { afterHydration } from "~/lib/scheduling/hydration-gate";

/** Runs a callback at the next paint: `requestAnimationFrame` in a page, a timer elsewhere. */
export type FrameScheduler = (callback: () => void) => void;

/**
 * One frame callback for every store that changed since the last frame, not one each: each store's
 * listeners end in React (`useSyncExternalStore`), which renders a store change synchronously in
 * the microtask after the callback that made it. Published together, the book, trades, ticker and
 * account of a screen are one render per frame instead of one per store (docs/decisions/725).
 */
export function batchedFrames(request: (run: () => void) => void): FrameScheduler {
  let pending: Array<() => void> = [];
  const run = () => {
    const due = pending;
    pending = [];
    for (const callback of due) {
      try {
        callback();
      } catch (error) {
        // One store's failure must not drop the others' frame; it is still reported as uncaught.
        setTimeout(() => {
          throw error;
        });
      }
    }
  };
  return (callback) => {
    pending.push(callback);
    if (pending.length === 1) request(run);
  };
}

export const nextFrame: FrameScheduler = batchedFrames((run) => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => run());
  else setTimeout(run, 16);
});

/**
 * A snapshot of mutable stream state, republished at most once per animation frame: a burst of
 * updates (a book moves every 100 ms, trades arrive in bunches) becomes one render. The snapshot
 * only changes identity when it is republished, as `useSyncExternalStore` requires. While panels
 * of the page are still waiting to hydrate (`HydrateLater`), the publication waits for them: a
 * frame must not change their props before (docs/decisions/725).
 */
export class FrameStore<T> {
  private snapshot: T;
  private scheduled = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly compute: () => T,
    private readonly schedule: FrameScheduler = nextFrame,
  ) {
    this.snapshot = compute();
  }

  readonly get = (): T => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The source changed: publish a new snapshot at the next frame (once, however many calls). */
  invalidate(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() =>
      afterHydration(() => {
        this.scheduled = false;
        this.snapshot = this.compute();
        for (const l of [...this.listeners]) l();
      }),
    );
  }
}

export function useFrameStore<T>(store: FrameStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
