import {
  SEGMENT_PREFIX,
  encodeSegment,
  readSegment,
  rewriteSegment,
  segmentKey,
  segmentNumbers,
  segmentsOf,
  type QueuedEvent,
} from "./segments";
import { keysWithPrefix, readItem, removeItem, writeItem, type StorageLike } from "./storage";

export type { QueuedEvent } from "./segments";

/**
 * The event queue in local storage (docs/decisions/401). Each document (one page load) owns a
 * queue and is its only writer until it is gone; a reload, a crash or going offline leaves every
 * event behind for the next document.
 *   mixtrk:e:<doc>:<n>  a segment: the events one task queued (segments.ts)
 *   mixtrk:c:<doc>      the document's static context, written once (the wire event is both)
 *   mixtrk:d:<doc>      the owner's heartbeat and state: `<ms>|v` visible, `|h` hidden, `|g` gone
 */
export const QUEUE_KEYS = { event: SEGMENT_PREFIX, context: "mixtrk:c:", doc: "mixtrk:d:" } as const;

export type DocState = "visible" | "hidden" | "gone";
const STATE_CODE: Record<DocState, string> = { visible: "v", hidden: "h", gone: "g" };

/** A queue whose owner has been silent this long is taken over (hidden tabs beat slowly). */
export const STALE_MS = { visible: 5_000, hidden: 10 * 60_000 } as const;
/** Events kept in this browser's storage at most; beyond it new events are dropped with a warning. */
export const MAX_STORED_EVENTS = 2_000;

interface OwnEvent extends QueuedEvent {
  /** First number of the segment holding it; undefined while it waits for the task's end, or if storage refused it. */
  seg: number | undefined;
}

export class QueueStore {
  private readonly own: OwnEvent[] = [];
  private pending: OwnEvent[] = [];
  private ownContext: string | null = null;
  private othersStored = 0;
  private readonly warned = new Set<string>();

  constructor(
    private readonly storage: StorageLike | undefined,
    readonly docId: string,
    private readonly now: () => number,
    private readonly warn: (msg: string) => void,
    /** Runs the write at the end of the current task (queueMicrotask in the browser). */
    private readonly atTaskEnd: (fn: () => void) => void = (fn) => queueMicrotask(fn),
  ) {}

  get ownCount(): number {
    return this.own.length;
  }

  /** Keeps this document's static context beside its queue (in memory too, if storage refuses). */
  setContext(json: string): void {
    this.ownContext = json;
    writeItem(this.storage, `${QUEUE_KEYS.context}${this.docId}`, json);
  }

  /** A document's static context (JSON), or null when it is unknown. */
  contextOf(doc: string): string | null {
    return doc === this.docId ? this.ownContext : readItem(this.storage, `${QUEUE_KEYS.context}${doc}`);
  }

  /** Queues one event of this document; false (and one warning) when the queue is full. */
  add(n: number, json: string): boolean {
    if (this.own.length + this.othersStored >= MAX_STORED_EVENTS) {
      this.warnOnce(`[tracking] queue full (${MAX_STORED_EVENTS} events): new events are dropped until uploads catch up`);
      return false;
    }
    const event: OwnEvent = { n, json, seg: undefined };
    this.own.push(event);
    this.pending.push(event);
    if (this.pending.length === 1) this.atTaskEnd(() => this.flush());
    return true;
  }

  /** Writes the events queued in this task as one segment (also run before any read). */
  flush(): void {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const first = batch[0]!.n;
    if (writeItem(this.storage, segmentKey(this.docId, first), encodeSegment(batch))) {
      for (const e of batch) e.seg = first;
    } else {
      this.warnOnce("[tracking] local storage refused events; they are kept in memory for this page");
    }
  }

  /** The oldest `limit` events of a document's queue still waiting (another tab may have sent some). */
  head(doc: string, limit: number): QueuedEvent[] {
    if (doc !== this.docId) {
      const out: QueuedEvent[] = [];
      for (const s of segmentsOf(this.storage, doc)) {
        if (out.length >= limit) break;
        out.push(...readSegment(this.storage, s.key, s.first));
      }
      return out.slice(0, limit);
    }
    this.flush();
    const seen = new Map<number, Set<number>>();
    const out: QueuedEvent[] = [];
    for (let i = 0; i < this.own.length && out.length < limit; ) {
      const e = this.own[i]!;
      if (e.seg !== undefined) {
        let held = seen.get(e.seg);
        if (!held) {
          held = new Set(segmentNumbers(readItem(this.storage, segmentKey(doc, e.seg)) ?? "") ?? []);
          seen.set(e.seg, held);
        }
        if (!held.has(e.n)) {
          this.own.splice(i, 1); // taken over and sent by another tab while this one slept
          continue;
        }
      }
      out.push({ n: e.n, json: e.json });
      i++;
    }
    return out;
  }

  /** Rewrites queued events in place (a failed attempt raised their retry count). */
  update(doc: string, events: readonly QueuedEvent[]): void {
    const changed = new Map(events.map((e) => [e.n, e.json]));
    this.rewrite(doc, (e) => {
      const json = changed.get(e.n);
      return json === undefined || json === e.json ? e : { n: e.n, json };
    });
  }

  /** Forgets events the gateway has stored (or refused for good). */
  remove(doc: string, ns: readonly number[]): void {
    const gone = new Set(ns);
    this.rewrite(doc, (e) => (gone.has(e.n) ? undefined : e));
    if (doc !== this.docId && segmentsOf(this.storage, doc).length === 0) this.forget(doc);
  }

  /** Tells other tabs this document is alive (and whether it still sends). */
  beat(state: DocState): void {
    writeItem(this.storage, `${QUEUE_KEYS.doc}${this.docId}`, `${this.now()}|${STATE_CODE[state]}`);
  }

  /**
   * Documents whose queues this one may take over, longest silent first: gone, or silent past
   * their staleness, or with no record at all (a crash before the first beat). Also counts every
   * other document's stored events for the cap, and drops records of empty, finished queues.
   */
  orphans(): string[] {
    const events = new Map<string, number>();
    for (const key of keysWithPrefix(this.storage, QUEUE_KEYS.event)) {
      const doc = key.slice(QUEUE_KEYS.event.length, key.lastIndexOf(":"));
      if (doc !== this.docId) events.set(doc, (events.get(doc) ?? 0) + (segmentNumbers(readItem(this.storage, key) ?? "")?.length ?? 1));
    }
    this.othersStored = [...events.values()].reduce((a, b) => a + b, 0);
    const now = this.now();
    const silentFor = new Map<string, number>();
    const records = new Set<string>();
    for (const key of keysWithPrefix(this.storage, QUEUE_KEYS.doc)) {
      const doc = key.slice(QUEUE_KEYS.doc.length);
      if (doc === this.docId) continue;
      records.add(doc);
      const [at = "0", state = "g"] = (readItem(this.storage, key) ?? "").split("|");
      const age = now - Number(at);
      const adoptable = state === "g" || age > (state === "h" ? STALE_MS.hidden : STALE_MS.visible);
      if (!events.has(doc)) {
        if (adoptable) this.forget(doc);
      } else if (adoptable) {
        silentFor.set(doc, age);
      } else {
        events.delete(doc); // a live tab's queue: its owner sends it
      }
    }
    for (const doc of events.keys()) if (!silentFor.has(doc)) silentFor.set(doc, Number.POSITIVE_INFINITY);
    // A context left without events or owner (its record went first) is dropped too.
    for (const key of keysWithPrefix(this.storage, QUEUE_KEYS.context)) {
      const doc = key.slice(QUEUE_KEYS.context.length);
      if (doc !== this.docId && !events.has(doc) && !records.has(doc)) removeItem(this.storage, key);
    }
    return [...silentFor].sort((a, b) => b[1] - a[1]).map(([doc]) => doc);
  }

  /** Applies `change` to every event of a document's queue (undefined drops it) and stores the result. */
  private rewrite(doc: string, change: (e: QueuedEvent) => QueuedEvent | undefined): void {
    if (doc !== this.docId) {
      for (const s of segmentsOf(this.storage, doc)) {
        const before = readSegment(this.storage, s.key, s.first);
        const after = before.map(change);
        if (after.some((e, i) => e !== before[i]))
          rewriteSegment(
            this.storage,
            s.key,
            after.filter((e): e is QueuedEvent => e !== undefined),
          );
      }
      return;
    }
    this.flush();
    const touched = new Set<number>();
    for (let i = this.own.length - 1; i >= 0; i--) {
      const e = this.own[i]!;
      const next = change(e);
      if (next === e) continue;
      if (e.seg !== undefined) touched.add(e.seg);
      if (next) e.json = next.json;
      else this.own.splice(i, 1);
    }
    for (const seg of touched) {
      rewriteSegment(
        this.storage,
        segmentKey(doc, seg),
        this.own.filter((e) => e.seg === seg),
      );
    }
  }

  /** Drops the record and context of another document whose queue is empty. */
  private forget(doc: string): void {
    removeItem(this.storage, `${QUEUE_KEYS.doc}${doc}`);
    removeItem(this.storage, `${QUEUE_KEYS.context}${doc}`);
  }

  private warnOnce(msg: string): void {
    if (this.warned.has(msg)) return;
    this.warned.add(msg);
    this.warn(msg);
  }
}
