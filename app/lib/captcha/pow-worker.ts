import { POW_SLICE, searchPow, type PowPuzzle } from "./pow";

/**
 * The captcha's proof of work off the main thread (docs/decisions/013): searches in slices,
 * reporting how many nonces it tried after each, until it finds one. The page ends it with
 * `terminate()` when the challenge goes away.
 */
// The project's types are the page's (DOM); a worker's global needs only these two.
const scope = self as unknown as { onmessage: ((e: MessageEvent<PowPuzzle>) => void) | null; postMessage(message: unknown): void };
scope.onmessage = (e: MessageEvent<PowPuzzle>) => {
  for (let from = 0; ; from += POW_SLICE) {
    const nonce = searchPow(e.data, from, POW_SLICE);
    if (nonce !== undefined) {
      scope.postMessage({ nonce });
      return;
    }
    scope.postMessage({ tried: from + POW_SLICE });
  }
};
