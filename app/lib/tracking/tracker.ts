import {
  EVENT_TYPE,
  PAGE_STATUS,
  TRACK_TYPE,
  TRACKING_FIELD_MAX,
  isValidTrackingId,
  type EventType,
  type PageStatus,
  type TrackingExt,
} from "../../../protocol/tracking";
import { isFirstDay } from "./visitor";
import { cap, sanitizeExt, type QueuedFields } from "./event-builder";
import type { StaticContext } from "./context";
import { splitLocale } from "./page-path";
import type { QueueStore } from "./queue-store";
import { wikiTracking, type WikiTracking } from "./wiki";

/** What a caller of `track()` says about an event. */
export interface TrackInput {
  type: EventType;
  event_tracking: string;
  /** `/` or `b` + digits (docs/product.md); anything else drops the event with a warning. */
  event_tracking_id: string;
  event_tracking_ext?: TrackingExt;
  business1?: string;
  business2?: string;
  /** Only for `type: page`. */
  page_status?: PageStatus;
}

export interface PageLocation {
  href: string;
  pathname: string;
  title: string;
}

/** Why a page view ended: another address, or the tab hid (docs/decisions/403). */
export type HideReason = "navigate" | "leave";

/** The generic id of automatic page and system events; wiki pages have their own (docs/product.md). */
export const AUTO_TRACKING_ID = "/";
export const PAGE_EVENT_NAME = "page_view";

interface PageView {
  id: string;
  /** user_language when the page view began: the locale changes only with the address. */
  language: number;
  location: PageLocation;
  currPage: string;
  currPageExt: TrackingExt;
  referer: string;
  wiki: WikiTracking | undefined;
  seq: number;
  shownAt: number;
  shown: boolean;
}

export interface TrackerOptions {
  store: QueueStore;
  context: StaticContext;
  /** log_seq: this browser's running event number (docs/decisions/400). */
  nextLogSeq(): number;
  now(): number;
  serverNow(): number;
  newId(): string;
  /** user_language of the document's current locale. */
  language(): number;
  network(): string;
  /** The document's referrer: the first page view's referer. */
  referrer: string;
  location(): PageLocation;
  warn(msg: string): void;
}

const EVENT_TYPES = new Set<number>(Object.values(EVENT_TYPE));

/**
 * Builds and queues events. Page views: `show` starts one (hiding the one before), `hide` ends
 * it; every event carries its page view's `page_unique_id` and the next `seq` within it.
 */
export class Tracker {
  private view: PageView | undefined;
  private n = 0;
  private uid: string | null = null;
  private ip: string | null = null;

  constructor(private readonly opts: TrackerOptions) {
    opts.store.setContext(JSON.stringify(opts.context));
  }

  /** The user id and address from clientCommonConfig ("" each when it failed). */
  setIdentity(uid: string, ip: string): void {
    this.uid = cap(uid, TRACKING_FIELD_MAX.short);
    this.ip = cap(ip, TRACKING_FIELD_MAX.short);
  }

  get identity(): { uid: string; ip: string } | undefined {
    return this.uid === null ? undefined : { uid: this.uid, ip: this.ip ?? "" };
  }

  get pageShown(): boolean {
    return this.view?.shown ?? false;
  }

  get currentHref(): string | undefined {
    return this.view?.location.href;
  }

  /** Starts a page view at `location`, ending the one before if it is still shown. */
  show(location: PageLocation): void {
    const previous = this.view;
    if (previous?.shown) this.hide("navigate");
    this.view = this.newView(location, previous?.location.href ?? this.opts.referrer);
    this.view.shown = true;
    this.view.shownAt = this.opts.now();
    this.pageEvent(this.view, PAGE_STATUS.show, {}, 0);
  }

  /** Ends the current page view; the leave event (tab hidden) goes at once (`timely` 1). */
  hide(reason: HideReason): void {
    const view = this.view;
    if (!view?.shown) return;
    view.shown = false;
    this.pageEvent(
      view,
      PAGE_STATUS.hide,
      { reason, duration_ms: Math.max(0, this.opts.now() - view.shownAt) },
      reason === "leave" ? 1 : 0,
    );
  }

  /** A caller's event on the current page; false when it was dropped. */
  track(input: TrackInput): boolean {
    if (!isValidTrackingId(input.event_tracking_id)) {
      this.opts.warn(
        `[tracking] event "${String(input.event_tracking)}" dropped: tracking id ${JSON.stringify(input.event_tracking_id)} is not "/" or "b" + digits`,
      );
      return false;
    }
    const type = EVENT_TYPES.has(input.type) ? input.type : EVENT_TYPE.click;
    return this.record({
      type,
      page_status: type === EVENT_TYPE.page ? (input.page_status ?? PAGE_STATUS.show) : null,
      auto: false,
      name: String(input.event_tracking ?? ""),
      id: input.event_tracking_id,
      ext: sanitizeExt(input.event_tracking_ext),
      business1: String(input.business1 ?? ""),
      business2: String(input.business2 ?? ""),
      timely: 0,
      merge: 0,
    });
  }

  /** An automatic system event (the page's performance metrics, merged into one: `merge` 1). */
  system(name: string, ext: TrackingExt): boolean {
    return this.record({
      type: EVENT_TYPE.system,
      page_status: null,
      auto: true,
      name,
      id: AUTO_TRACKING_ID,
      ext: sanitizeExt(ext),
      business1: "",
      business2: "",
      timely: 1,
      merge: 1,
    });
  }

  /** A page event of a page view; wiki pages carry their ids, areas and article id (docs/product.md). */
  private pageEvent(view: PageView, status: PageStatus, ext: TrackingExt, timely: 0 | 1): void {
    const wiki = view.wiki;
    this.record({
      type: EVENT_TYPE.page,
      page_status: status,
      auto: true,
      name: PAGE_EVENT_NAME,
      id: wiki?.event_tracking_id ?? AUTO_TRACKING_ID,
      ext: { ...wiki?.ext, ...ext },
      business1: wiki?.business1 ?? "",
      business2: wiki?.business2 ?? "",
      timely,
      merge: 0,
    });
  }

  private newView(location: PageLocation, referer: string): PageView {
    const { locale, path } = splitLocale(location.pathname);
    return {
      id: this.opts.newId(),
      language: this.opts.language(),
      location,
      currPage: cap(path, TRACKING_FIELD_MAX.url),
      currPageExt: locale ? { locale } : {},
      referer: cap(referer, TRACKING_FIELD_MAX.url),
      wiki: wikiTracking(location.pathname),
      seq: 0,
      shownAt: this.opts.now(),
      shown: false,
    };
  }

  private record(e: {
    type: EventType;
    page_status: PageStatus | null;
    auto: boolean;
    name: string;
    id: string;
    ext: TrackingExt;
    business1: string;
    business2: string;
    timely: 0 | 1;
    merge: 0 | 1;
  }): boolean {
    const o = this.opts;
    this.view ??= this.newView(o.location(), o.referrer);
    const view = this.view;
    const now = o.now();
    view.seq += 1;
    // One object, one stringify: this is the cost of track() (bench/tracking).
    const event: QueuedFields = {
      type: e.type,
      page_status: e.page_status,
      track_type: e.auto ? TRACK_TYPE.auto : TRACK_TYPE.manual,
      url: cap(view.location.href, TRACKING_FIELD_MAX.url),
      title: cap(view.location.title, TRACKING_FIELD_MAX.title),
      curr_page: view.currPage,
      curr_page_ext: view.currPageExt,
      event_tracking: cap(e.name, TRACKING_FIELD_MAX.name),
      event_tracking_id: e.id,
      event_tracking_ext: e.ext,
      business1: cap(e.business1, TRACKING_FIELD_MAX.name),
      business2: cap(e.business2, TRACKING_FIELD_MAX.name),
      timestamp: Math.round(o.serverNow()),
      ctime: now,
      timely: e.timely,
      merge: e.merge,
      seq: view.seq,
      log_seq: o.nextLogSeq(),
      retry_count: 0,
      user_language: view.language,
      referer: view.referer,
      page_unique_id: view.id,
      uid: this.uid,
      ip: this.ip,
      network_type: o.network(),
      first_day: isFirstDay(o.context.first_visit_time, now),
    };
    const json = JSON.stringify(event);
    this.n += 1;
    return o.store.add(this.n, json);
  }
}
