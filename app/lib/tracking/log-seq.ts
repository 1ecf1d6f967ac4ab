import { readItem, writeItem, type StorageLike } from "./storage";

export const LOG_SEQ_KEY = "mixtrk:logseq";
/** A document reserves log_seq numbers in blocks: one storage write per this many events. */
export const LOG_SEQ_BLOCK = 100;

/**
 * `log_seq`: this browser's running event number, rising across page views, reloads and tabs
 * (docs/decisions/400). Each document reserves a block above every number handed out before, so
 * a reload continues upwards; two tabs interleave blocks. It orders events, it is no key: the
 * gateway's dedupe key is page_unique_id + seq.
 */
export function logSeqAllocator(storage: StorageLike | undefined): () => number {
  let next = 0;
  let end = 0;
  return () => {
    if (next >= end) {
      const stored = Number(readItem(storage, LOG_SEQ_KEY));
      const start = Math.max(Number.isSafeInteger(stored) && stored > 0 ? stored : 0, end);
      next = start;
      end = start + LOG_SEQ_BLOCK;
      writeItem(storage, LOG_SEQ_KEY, String(end));
    }
    next += 1;
    return next;
  };
}
