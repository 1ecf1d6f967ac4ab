import { POW_SLICE, searchPow, type PowPuzzle } from "./pow";

export interface PowRun {
  /** The nonce, once found; rejects with {@link PowCancelled} once cancelled. */
  readonly done: Promise<string>;
  /** Stops the search (a new challenge, the dialog closed). */
  cancel(): void;
}

export class PowCancelled extends Error {
  constructor() {
    super("proof of work cancelled");
  }
}

/**
 * Solves a captcha's proof of work in a Web Worker, reporting nonces tried so far; where a worker
 * cannot start, in slices on the main thread that yield between them so the page stays responsive.
 */
export function runPow(puzzle: PowPuzzle, onProgress: (tried: number) => void): PowRun {
  let settle: (nonce: string) => void = () => {};
  let fail: (err: unknown) => void = () => {};
  const done = new Promise<string>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  // Nobody may be waiting when a cancelled run rejects.
  done.catch(() => {});
  let stop = () => {};
  const onMain = () => {
    const fallback = onMainThread(puzzle, onProgress);
    stop = fallback.cancel;
    fallback.done.then(settle, fail);
  };

  let worker: Worker | undefined;
  try {
    worker = new Worker(new URL("./pow-worker.ts", import.meta.url), { type: "module" });
  } catch {
    worker = undefined;
  }
  if (worker) {
    const w = worker;
    stop = () => w.terminate();
    w.onmessage = (e: MessageEvent<{ nonce?: string; tried?: number }>) => {
      if (e.data.nonce !== undefined) {
        w.terminate();
        settle(e.data.nonce);
      } else if (e.data.tried !== undefined) onProgress(e.data.tried);
    };
    // A worker that fails to load (an old browser, a blocked script): search here instead.
    w.onerror = (e) => {
      e.preventDefault();
      w.terminate();
      onMain();
    };
    w.postMessage(puzzle);
  } else {
    onMain();
  }
  return {
    done,
    cancel: () => {
      stop();
      fail(new PowCancelled());
    },
  };
}

function onMainThread(puzzle: PowPuzzle, onProgress: (tried: number) => void): PowRun {
  let cancelled = false;
  const done = new Promise<string>((resolve) => {
    let from = 0;
    const slice = () => {
      if (cancelled) return;
      const nonce = searchPow(puzzle, from, POW_SLICE / 4);
      from += POW_SLICE / 4;
      if (nonce !== undefined) resolve(nonce);
      else {
        onProgress(from);
        setTimeout(slice, 0);
      }
    };
    setTimeout(slice, 0);
  });
  return { done, cancel: () => void (cancelled = true) };
}
