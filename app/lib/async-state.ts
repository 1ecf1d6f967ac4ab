import { useCallback, useEffect, useState } from "react";

/** Async data as a tagged union, not three booleans (STYLE.md). */
export type Async<T> = { state: "idle" } | { state: "loading" } | { state: "ready"; data: T } | { state: "error"; error: unknown };

/** Loads on mount and on `reload()`; a stale answer never overwrites a newer one. */
export function useAsync<T>(load: () => Promise<T>): [Async<T>, () => void] {
  const [value, setValue] = useState<Async<T>>({ state: "idle" });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setValue({ state: "loading" });
    load().then(
      (data) => live && setValue({ state: "ready", data }),
      (error: unknown) => live && setValue({ state: "error", error }),
    );
    return () => {
      live = false;
    };
  }, [load, tick]);
  return [value, useCallback(() => setTick((t) => t + 1), [])];
}
