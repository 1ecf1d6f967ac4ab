/**
 * Runs `callback` once the browser is idle after the page's start, at the latest after `timeoutMs`
 * (a busy phone still gets it), so work the first paint does not need (the chart engine, docs/decisions/725)
 * does not share a task with hydration or the streams' first frames. Returns a cancel function.
 * Without `requestIdleCallback` (Safari), a timer of `fallbackMs`.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000, fallbackMs = 200): () => void {
  if (typeof window === "undefined") return () => undefined;
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, fallbackMs);
  return () => window.clearTimeout(id);
}

/** A promise that settles in a new task: lets the browser paint and handle input between two pieces of work. */
export function nextTask(): Promise<void> {
  return new Promise((done) => {
    if (typeof MessageChannel === "function") {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        done();
      };
      channel.port2.postMessage(undefined);
    } else setTimeout(done, 0);
  });
}
