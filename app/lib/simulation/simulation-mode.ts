import { startTransition, useEffect, useState } from "react";
import { simulationFlag } from "~/lib/http/device-identity";

/**
 * Simulation mode in the browser (docs/product.md). Only the browser knows it: the flag lives in
 * local storage, which the server cannot read (docs/decisions/701).
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === simulationFlag.storageKey || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * Whether simulation mode is on; false while the server renders and until hydration. The flag read
 * after hydration arrives as a transition: an urgent update of a screen whose panels hydrate late
 * would make React drop their server markup (error #421; docs/decisions/725).
 */
export function useSimulationMode(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => startTransition(() => setOn(simulationFlag.get()));
    sync();
    return subscribe(sync);
  }, []);
  return on;
}

/** Entering sets the flag and loads the given page, so every request and stream starts in simulation. */
export function enterSimulation(to: string): void {
  simulationFlag.set(true);
  for (const l of [...listeners]) l();
  window.location.assign(to);
}

/** Leaving clears the flag and reloads (docs/product.md). */
export function exitSimulation(): void {
  simulationFlag.set(false);
  for (const l of [...listeners]) l();
  window.location.reload();
}
