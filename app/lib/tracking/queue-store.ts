import { keysWithPrefix, readItem, removeItem, writeItem, type StorageLike } from "./storage";

/**
 * The event queue in local storage (docs/decisions/401). Each document (one page load) owns a
 * queue and is its only writer; each event is its own key, so queuing one costs one small write
 * and a reload, a crash or going offline leaves every event behind for the next document.
 *   mixtrk:e:<doc>:<n>  one event, the wire JSON
 *   mixtrk:d:<doc>      the owner's heartbeat and state: `<ms>|v` visible, `|h` hidden, `|g` gone
 */
export const QUEUE_KEYS = { event: "mixtrk:e:", doc: "mixtrk:d:" } as const;

export type DocState = "visible" | "hidden" | "gone";
const STATE_CODE: Record<DocState, string> = { visible: "v", hidden: "h", gone: "g" };

/** A queue whose owner has been silent this long is taken over (hidden tabs beat slowly). */
export const STALE_MS = { visible: 5_000, hidden: 10 * 60_000 } as const;
/** Events kept in this browser's storage at most; beyond it new events are dropped with a warning. */
export const MAX_STORED_EVENTS = 2_000;

export interface QueuedEvent {
  n: number;
  json: string;
}

interface OwnEvent extends QueuedEvent {
  /** False when storage refused it: it lives in this document's memory only. */
  stored: boolean;
}

const eventKey = (doc: string, n: number) => `${QUEUE_KEYS.event}${doc}:${n}`;

export class QueueStore {
  private readonly own: OwnEvent[] = [];
  private othersStored = 0;
  private warned = false;

  constructor(
    private readonly storage: StorageLike | undefined,
    readonly docId: string,
    private readonly now: () => number,
    private readonly warn: (msg: string) => void,
  ) {}

  get ownCount(): number {
    return this.own.length;
  }

  /** Queues one event of this document; false (and one warning) when the queue is full. */
  add(n: number, json: string): boolean {
    if (this.own.length + this.othersStored >= MAX_STORED_EVENTS) {
      this.warnOnce(`[tracking] queue full (${MAX_STORED_EVENTS} events): new events are dropped until uploads catch up`);
      return false;
    }
    const stored = writeItem(this.storage, eventKey(this.docId, n), json);
    if (!stored) this.warnOnce("[tracking] local storage refused an event; it is kept in memory for this page");
    this.own.push({ n, json, stored });
    return true;
  }

  /** The oldest `limit` events of a document's queue still waiting (another tab may have sent some). */
  head(doc: string, limit: number): QueuedEvent[] {
    if (doc !== this.docId) {
      return this.storedNumbers(doc)
        .slice(0, limit)
        .map((n) => ({ n, json: readItem(this.storage, eventKey(doc, n)) }))
        .filter((e): e is QueuedEvent => e.json !== null);
    }
    const out: QueuedEvent[] = [];
    for (let i = 0; i < this.own.length && out.length < limit; ) {
      const e = this.own[i]!;
      if (e.stored && readItem(this.storage, eventKey(doc, e.n)) === null) {
        this.own.splice(i, 1); // taken over and sent by another tab while this one slept
        continue;
      }
      out.push(e);
      i++;
    }
    return out;
  }

  /** Rewrites queued events in place (a failed attempt raised their retry count). */
  update(doc: string, events: readonly QueuedEvent[]): void {
    for (const e of events) {
      if (doc === this.docId) {
        const mine = this.own.find((o) => o.n === e.n);
        if (!mine) continue;
        mine.json = e.json;
        if (mine.stored) writeItem(this.storage, eventKey(doc, e.n), e.json);
      } else if (readItem(this.storage, eventKey(doc, e.n)) !== null) {
        writeItem(this.storage, eventKey(doc, e.n), e.json);
      }
    }
  }

  /** Forgets events the gateway has stored (or refused for good). */
  remove(doc: string, ns: readonly number[]): void {
    const gone = new Set(ns);
    for (const n of gone) removeItem(this.storage, eventKey(doc, n));
    if (doc === this.docId) {
      for (let i = this.own.length - 1; i >= 0; i--) if (gone.has(this.own[i]!.n)) this.own.splice(i, 1);
    } else if (this.storedNumbers(doc).length === 0) {
      removeItem(this.storage, `${QUEUE_KEYS.doc}${doc}`);
    }
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
      if (doc !== this.docId) events.set(doc, (events.get(doc) ?? 0) + 1);
    }
    this.othersStored = [...events.values()].reduce((a, b) => a + b, 0);
    const now = this.now();
    const silentFor = new Map<string, number>();
    for (const key of keysWithPrefix(this.storage, QUEUE_KEYS.doc)) {
      const doc = key.slice(QUEUE_KEYS.doc.length);
      if (doc === this.docId) continue;
      const [at = "0", state = "g"] = (readItem(this.storage, key) ?? "").split("|");
      const age = now - Number(at);
      const adoptable = state === "g" || age > (state === "h" ? STALE_MS.hidden : STALE_MS.visible);
      if (!events.has(doc)) {
        if (adoptable) removeItem(this.storage, key);
      } else if (adoptable) {
        silentFor.set(doc, age);
      } else {
        events.delete(doc); // a live tab's queue: its owner sends it
      }
    }
    for (const doc of events.keys()) if (!silentFor.has(doc)) silentFor.set(doc, Number.POSITIVE_INFINITY);
    return [...silentFor].sort((a, b) => b[1] - a[1]).map(([doc]) => doc);
  }

  private storedNumbers(doc: string): number[] {
    const prefix = `${QUEUE_KEYS.event}${doc}:`;
    return keysWithPrefix(this.storage, prefix)
      .map((k) => Number(k.slice(prefix.length)))
      .filter(Number.isSafeInteger)
      .sort((a, b) => a - b);
  }

  private warnOnce(msg: string): void {
    if (this.warned) return;
    this.warned = true;
    this.warn(msg);
  }
}
