import { startTransition, useCallback, useState, type Dispatch, type SetStateAction } from "react";

/**
 * The trading screens hydrate their heavy panels after the page's shell, each in React's
 * background (time-sliced) pass (`HydrateLater`, docs/decisions/725 "Main thread at start-up").
 * A panel's props must not change before it has hydrated, or React 18 throws its server markup
 * away and renders it again on the client; so the stream's frames (`FrameStore`) wait here until
 * every panel still waiting has hydrated, at most `GATE_MAX_MS` after the first one started waiting.
 */

/** One panel waiting to hydrate; `done` once it has (its content's effects ran). */
export interface HydrationToken {
  done: boolean;
}

/** A busy phone may take long; past this the frames flow anyway (a late panel is then rendered on the client). */
export const GATE_MAX_MS = 5000;

const waiting = new Set<HydrationToken>();
let queued: Array<() => void> = [];
let deadline: ReturnType<typeof setTimeout> | undefined;

function open(): void {
  if (deadline !== undefined) clearTimeout(deadline);
  deadline = undefined;
  waiting.clear();
  const run = queued;
  queued = [];
  for (const f of run) f();
}

export function newHydrationToken(): HydrationToken {
  return { done: false };
}

/** A panel is in the page and has not hydrated yet: hold the frames. Returns the release (for an unmount). */
export function holdHydration(token: HydrationToken): () => void {
  if (token.done) return () => undefined;
  waiting.add(token);
  if (deadline === undefined) deadline = setTimeout(open, GATE_MAX_MS);
  return () => releaseHydration(token);
}

/** The panel has hydrated (or left the page). */
export function releaseHydration(token: HydrationToken): void {
  token.done = true;
  if (!waiting.delete(token)) return;
  if (waiting.size === 0) open();
}

/** Runs `f` now when no panel is waiting to hydrate, else once the last one has. */
export function afterHydration(f: () => void): void {
  if (waiting.size === 0) f();
  else queued.push(f);
}

/**
 * Runs a state update urgently when no panel is waiting to hydrate, else as a transition: an urgent
 * update reaching a panel that has not hydrated yet (a click on the page's shell or on another panel
 * that changes its props) makes React 18 throw the panel's server markup away (error #421), while a
 * transition lets the panel hydrate first. Once every panel has hydrated it is urgent, as a
 * controlled input's change must be (a transition would undo the browser's change until it ends).
 */
export function updateOnceHydrated(update: () => void): void {
  if (waiting.size === 0) update();
  else startTransition(update);
}

/**
 * `useState` for a page's own state that its late panels receive as props (the margin mode, the
 * account feed): every change goes through `updateOnceHydrated`, whether it comes from the page's
 * first effects, a click on a panel that hydrated first or a stream event (docs/decisions/725).
 * Not for a controlled input's own value, which must change urgently.
 */
export function useStateOnceHydrated<T>(initial: T | (() => T)): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(initial);
  const set = useCallback((next: SetStateAction<T>) => updateOnceHydrated(() => setValue(next)), []);
  return [value, set];
}

/** How many panels are still waiting (for tests and the bench's profile). */
export function hydrationPending(): number {
  return waiting.size;
}
