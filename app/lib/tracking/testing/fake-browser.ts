/**
 * Test doubles for the tracking SDK: one "browser" (shared storage, cookies and clock) in which
 * tabs are created, each with the real store, tracker, uploader and lifecycle, and a fake
 * gateway that dedupes as the real one does. Used by the unit tests only.
 */
import type { TrackingEvent } from "../../../../protocol/tracking";
import { staticContext } from "~/lib/tracking/context";
import { CookieLocks } from "~/lib/tracking/cookie-lock";
import { logSeqAllocator } from "~/lib/tracking/log-seq";
import { PageLifecycle } from "~/lib/tracking/page-lifecycle";
import { QueueStore } from "~/lib/tracking/queue-store";
import type { SendOutcome, Sender } from "~/lib/tracking/sender";
import { memoryCookieJar, memoryStorage, type StorageLike } from "~/lib/tracking/storage";
import { Tracker, type PageLocation } from "~/lib/tracking/tracker";
import { Uploader } from "~/lib/tracking/uploader";
import { VitalsCollector, type VitalsLibrary } from "~/lib/tracking/vitals";

export const T0 = 1_767_225_600_000;

export class FakeGateway {
  readonly stored: TrackingEvent[] = [];
  private readonly keys = new Set<string>();
  /** Every request's events, in arrival order, with the tab that sent them. */
  readonly requests: Array<{ tab: string; via: "fetch" | "beacon"; events: TrackingEvent[] }> = [];
  /** Answers for the next fetch uploads, in order; "ok" when empty. */
  readonly script: SendOutcome[] = [];

  receive(tab: string, via: "fetch" | "beacon", events: TrackingEvent[]): SendOutcome {
    this.requests.push({ tab, via, events });
    const outcome = via === "fetch" ? (this.script.shift() ?? { kind: "ok" }) : ({ kind: "ok" } as const);
    if (outcome.kind === "ok") {
      for (const e of events) {
        const key = `${e.page_unique_id}:${e.seq}`;
        if (!this.keys.has(key)) this.stored.push(e);
        this.keys.add(key);
      }
    }
    return outcome;
  }

  /** How often each event was sent over all requests (the same key from two tabs counts twice). */
  sends(): Map<string, number> {
    const m = new Map<string, number>();
    for (const r of this.requests)
      for (const e of r.events) m.set(`${e.page_unique_id}:${e.seq}`, (m.get(`${e.page_unique_id}:${e.seq}`) ?? 0) + 1);
    return m;
  }
}

export class FakeDocument extends EventTarget {
  visibilityState: "visible" | "hidden" = "visible";
  title = "Page";

  setVisibility(state: "visible" | "hidden"): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

export function pageTransition(type: "pagehide" | "pageshow", persisted: boolean): Event {
  return Object.assign(new Event(type), { persisted });
}

export interface FakeBrowser {
  clock: { now(): number; advance(ms: number): void };
  storage: StorageLike;
  cookies: ReturnType<typeof memoryCookieJar>;
  gateway: FakeGateway;
  online: boolean;
  warnings: string[];
  tab(opts?: { name?: string; href?: string; storage?: StorageLike | undefined; beaconRefuses?: boolean; vitals?: VitalsLibrary }): FakeTab;
}

export interface FakeTab {
  name: string;
  store: QueueStore;
  tracker: Tracker;
  uploader: Uploader;
  lifecycle: PageLifecycle;
  doc: FakeDocument;
  win: EventTarget;
  location: PageLocation;
  goTo(href: string, title?: string): void;
}

let ids = 0;

export function fakeBrowser(): FakeBrowser {
  let t = T0;
  const clock = { now: () => t, advance: (ms: number) => void (t += ms) };
  const storage = memoryStorage();
  const cookies = memoryCookieJar(clock.now);
  const gateway = new FakeGateway();
  const warnings: string[] = [];
  const browser: FakeBrowser = {
    clock,
    storage,
    cookies,
    gateway,
    online: true,
    warnings,
    tab(opts = {}) {
      const name = opts.name ?? `tab${++ids}`;
      const local = "storage" in opts ? opts.storage : storage;
      const warn = (m: string) => void warnings.push(m);
      const doc = new FakeDocument();
      const win = new EventTarget();
      const store = new QueueStore(local, `${name}-${(++ids).toString(16).padStart(8, "0")}`, clock.now, warn);
      const location: PageLocation = { href: opts.href ?? "https://www.example.com/", pathname: "/", title: "Page" };
      const tracker = new Tracker({
        store,
        context: staticContext({
          userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0",
          inNativeApp: false,
          deviceId: "0".repeat(32),
          landing: { sessionId: `${T0}-7`, pfb: "", channel: "", qrVal: "", sourceReferer: "", sourceTarget: location.href },
          firstVisit: T0,
          screen: { width: 1280, height: 720 },
          timezoneOffset: 0,
          host: "www.example.com",
          logEnv: "online",
          appVersion: undefined,
        }),
        nextLogSeq: logSeqAllocator(local),
        now: clock.now,
        serverNow: () => clock.now() + 5,
        newId: () => `pv${(++ids).toString(16).padStart(8, "0")}`,
        language: () => 0,
        network: () => (browser.online ? "wifi" : "none"),
        referrer: "https://ref.example/",
        location: () => ({ ...location }),
        warn,
      });
      const sender: Sender = {
        send: async (events) => gateway.receive(name, "fetch", events),
        sendNow: (events) => {
          if (opts.beaconRefuses) return { sent: 0, delivered: false };
          gateway.receive(name, "beacon", events);
          return { sent: events.length, delivered: false };
        },
      };
      const uploader = new Uploader({
        store,
        sender,
        storage: local,
        now: clock.now,
        online: () => browser.online,
        identity: () => tracker.identity,
        warn,
        locks: new CookieLocks({ cookies, holder: store.docId, now: clock.now, wait: async () => undefined }),
        setInterval: () => 1,
        clearInterval: () => undefined,
      });
      const lifecycle = new PageLifecycle({
        tracker,
        uploader,
        store,
        doc,
        win,
        location: () => ({ ...location }),
        vitals: opts.vitals ? new VitalsCollector(opts.vitals) : undefined,
        setInterval: () => 2,
        clearInterval: () => undefined,
      });
      return {
        name,
        store,
        tracker,
        uploader,
        lifecycle,
        doc,
        win,
        location,
        goTo(href, title = "Page") {
          const url = new URL(href, location.href);
          Object.assign(location, { href: url.href, pathname: url.pathname, title });
          lifecycle.navigate({ ...location });
        },
      };
    },
  };
  return browser;
}

/** Runs loop turns until nothing is left to send (or `max` turns). */
export async function drain(tab: FakeTab, max = 50): Promise<void> {
  for (let i = 0; i < max; i++) await tab.uploader.tick();
}
