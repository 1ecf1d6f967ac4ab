import type { QueueStore } from "./queue-store";
import type { PageLocation, Tracker } from "./tracker";
import type { Uploader } from "./uploader";
import { VITALS_EVENT_NAME, type VitalsCollector } from "./vitals";

/** While hidden the loop is stopped; a slow beat tells other tabs this queue is not abandoned. */
export const HIDDEN_BEAT_MS = 60_000;

interface EventSource {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

export interface LifecycleOptions {
  tracker: Tracker;
  uploader: Uploader;
  store: QueueStore;
  vitals: VitalsCollector | undefined;
  doc: EventSource & { readonly visibilityState: string };
  win: EventSource;
  location(): PageLocation;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * docs/product.md page lifecycle (docs/decisions/403): an address change or a return to visibility
 * hides the previous page view and shows a new one. When the tab hides, the loop stops, the
 * leave event is queued, the performance metrics go once, and the queue leaves by beacon.
 */
export class PageLifecycle {
  private hidden = false;
  private slowBeat: unknown;
  private readonly listeners: Array<[EventSource, string, (event: Event) => void]> = [];

  constructor(private readonly opts: LifecycleOptions) {}

  start(): void {
    const { doc, win, uploader, store } = this.opts;
    this.listen(doc, "visibilitychange", () => (doc.visibilityState === "hidden" ? this.onHidden() : this.onVisible()));
    this.listen(win, "pagehide", (e) => {
      this.onHidden();
      // Not kept in the back-forward cache: this document is gone, its queue is anyone's now.
      store.beat((e as PageTransitionEvent).persisted ? "hidden" : "gone");
    });
    this.listen(win, "pageshow", (e) => {
      if ((e as PageTransitionEvent).persisted) this.onVisible();
    });
    this.listen(win, "online", () => uploader.wake());
    if (doc.visibilityState === "hidden") {
      this.hidden = true;
      this.beatSlowly();
      return;
    }
    this.opts.tracker.show(this.opts.location());
    store.beat("visible");
    uploader.start();
  }

  /** The router moved to another address (a hidden tab shows it when it returns). */
  navigate(location: PageLocation): void {
    const { tracker } = this.opts;
    if (this.hidden) return;
    if (tracker.pageShown && tracker.currentHref === location.href) return;
    tracker.show(location);
  }

  dispose(): void {
    for (const [source, type, listener] of this.listeners) source.removeEventListener(type, listener);
    this.listeners.length = 0;
    this.opts.uploader.stop();
    this.stopSlowBeat();
  }

  private onHidden(): void {
    if (this.hidden) return;
    this.hidden = true;
    const { tracker, uploader, vitals, store } = this.opts;
    uploader.stop();
    tracker.hide("leave");
    const metrics = vitals?.takeOnce();
    if (metrics) tracker.system(VITALS_EVENT_NAME, metrics);
    uploader.flushNow();
    store.beat("hidden");
    this.beatSlowly();
  }

  private onVisible(): void {
    if (!this.hidden) return;
    this.hidden = false;
    this.stopSlowBeat();
    this.opts.tracker.show(this.opts.location());
    this.opts.store.beat("visible");
    this.opts.uploader.start();
  }

  private beatSlowly(): void {
    this.stopSlowBeat();
    this.slowBeat = this.opts.setInterval(() => this.opts.store.beat("hidden"), HIDDEN_BEAT_MS);
  }

  private stopSlowBeat(): void {
    if (this.slowBeat !== undefined) this.opts.clearInterval(this.slowBeat);
    this.slowBeat = undefined;
  }

  private listen(source: EventSource, type: string, listener: (event: Event) => void): void {
    source.addEventListener(type, listener);
    this.listeners.push([source, type, listener]);
  }
}
