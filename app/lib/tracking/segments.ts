import { keysWithPrefix, readItem, removeItem, writeItem, type StorageLike } from "./storage";

/**
 * Queued events sit in local storage in segments: the events one task queued, written as one key
 * when the task ends (docs/decisions/401). A segment is `{"n":[5,6],"e":[{…},{…}]}`: the events'
 * numbers in their document and the events; its key names the document and its first number.
 */
export const SEGMENT_PREFIX = "mixtrk:e:";

export interface QueuedEvent {
  /** The event's number in its document: the queue's order. */
  n: number;
  json: string;
}

export const segmentKey = (doc: string, first: number): string => `${SEGMENT_PREFIX}${doc}:${first}`;

export function encodeSegment(events: readonly QueuedEvent[]): string {
  return `{"n":[${events.map((e) => e.n).join(",")}],"e":[${events.map((e) => e.json).join(",")}]}`;
}

/**
 * The events of a stored segment. An unreadable one (tampered, cut short) comes back as a single
 * placeholder with empty JSON under its first number, so the uploader drops it like any bad event.
 */
export function decodeSegment(raw: string, first: number): QueuedEvent[] {
  try {
    const v = JSON.parse(raw) as { n?: unknown; e?: unknown };
    if (Array.isArray(v.n) && Array.isArray(v.e) && v.n.length === v.e.length && v.n.every(Number.isSafeInteger)) {
      const events = v.e as unknown[];
      return (v.n as number[]).map((n, i) => ({ n, json: JSON.stringify(events[i]) }));
    }
  } catch {
    // fall through to the placeholder
  }
  return [{ n: first, json: "" }];
}

/** The numbers of a stored segment's events, read from its head alone (no full parse); undefined if unreadable. */
export function segmentNumbers(raw: string): number[] | undefined {
  if (!raw.startsWith('{"n":[')) return undefined;
  const end = raw.indexOf("]");
  const list = end < 0 ? "" : raw.slice(6, end);
  const ns = list === "" ? [] : list.split(",").map(Number);
  return end < 0 || !ns.every(Number.isSafeInteger) ? undefined : ns;
}

/** A document's segments in queue order. */
export function segmentsOf(storage: StorageLike | undefined, doc: string): Array<{ key: string; first: number }> {
  const prefix = `${SEGMENT_PREFIX}${doc}:`;
  return keysWithPrefix(storage, prefix)
    .map((key) => ({ key, first: Number(key.slice(prefix.length)) }))
    .filter((s) => Number.isSafeInteger(s.first))
    .sort((a, b) => a.first - b.first);
}

/** Reads a segment; empty when it is gone. */
export function readSegment(storage: StorageLike | undefined, key: string, first: number): QueuedEvent[] {
  const raw = readItem(storage, key);
  return raw === null ? [] : decodeSegment(raw, first);
}

/** Stores what is left of a segment, or removes it when nothing is. */
export function rewriteSegment(storage: StorageLike | undefined, key: string, events: readonly QueuedEvent[]): void {
  if (events.length === 0) removeItem(storage, key);
  else writeItem(storage, key, encodeSegment(events));
}
