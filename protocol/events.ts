/**
 * The events site's gateway calls (this project's; the pages are in docs/product.md, the rules in
 * docs/decisions/800). Every call is POST with a JSON body and answers the usual envelope.
 */
export const EVENT_PATHS = {
  /** `{locale?}` → `{list: EventSummary[]}`: every published event, live first, then upcoming, then ended. */
  list: "/v1/mix/public/events/list",
  /** `{slug, locale?}` → `EventDetail`; an unknown slug is a 404 envelope (40404). */
  detail: "/v1/mix/public/events/detail",
  /**
   * `{slug, by?, limit?}` → `Leaderboard`: the competition's standings. With a logged-in session's
   * cookie the answer also says where that user stands (`me`); the rest is the same for everyone.
   */
  leaderboard: "/v1/mix/public/events/leaderboard",
  /** `{slug}`, signed (mode 2) by a logged-in session → `{slug, enrolledAt, startEquity}`: enrols the paper account. */
  enrol: "/v1/mix/events/enrol",
  /** Operators only, HMAC-signed (EVENT_OPERATOR_HEADERS): `EventInput` → the stored event. */
  operatorCreate: "/v1/mix/operator/events/create",
  /** Operators only: `{slug, ...partial EventInput}` → the stored event. */
  operatorUpdate: "/v1/mix/operator/events/update",
  /** Operators only: `{}` → `{list: EventRecord[]}` with every locale's texts. */
  operatorList: "/v1/mix/operator/events/list",
} as const;

/**
 * The operator API's headers: the time in milliseconds and
 * base64(HMAC-SHA256(secret, timestamp + METHOD + path + body)) over the exact body bytes.
 */
export const EVENT_OPERATOR_HEADERS = {
  timestamp: "x-operator-timestamp",
  sign: "x-operator-sign",
} as const;

/** How far an operator's clock may be off, and how long a used signature is remembered (longer). */
export const OPERATOR_WINDOW_MS = 30_000;

/** Refusals of the events area (HTTP 200 envelopes unless said otherwise). */
export const EVENT_CODES = {
  /** Enrolment opens when the event starts. */
  notStarted: "21001",
  /** The event is over; its results are final. */
  ended: "21002",
  /** This account is enrolled already (its starting equity is kept). */
  alreadyEnrolled: "21003",
  /** The event has no enrolment (not a competition), or the account may not enter (a sub-account). */
  notEnrollable: "21004",
  /** The operator API is not configured on this gateway (HTTP 403). */
  operatorDisabled: "21010",
  /** The operator signature is missing, wrong, stale or replayed (HTTP 401). */
  operatorSignature: "21011",
  /** An event with this slug exists already. */
  slugTaken: "21012",
} as const;

/** A slug as it appears in `/events/{slug}`: lowercase words joined by hyphens, 3–64 characters. */
export const EVENT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const EVENT_SLUG_MIN = 3;
export const EVENT_SLUG_MAX = 64;

export const EVENT_KINDS = ["trading-competition", "announcement"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const EVENT_STATES = ["upcoming", "live", "ended"] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** Sizes the gateway enforces on event content. */
export const EVENT_LIMITS = {
  title: 120,
  summary: 400,
  rulesHtml: 32_768,
  image: 512,
  /** Locales one event may carry texts in. */
  locales: 32,
  /** Longest window: a year. */
  maxWindowMs: 366 * 24 * 3600_000,
  leaderboardMax: 100,
} as const;

/** The texts of one locale. `rulesHtml` is rich text the web client sanitises before rendering. */
export interface EventText {
  title: string;
  summary: string;
  rulesHtml: string;
}

export interface EventSummary {
  slug: string;
  kind: EventKind;
  state: EventState;
  /** Unix milliseconds. */
  startsAt: number;
  endsAt: number;
  /** An absolute https address or a site path; the web client shows it only from an allowed host. */
  image: string;
  title: string;
  summary: string;
  /** The locale the texts are in (the asked one, or English when it has none). */
  lang: string;
  participants: number;
}

export interface EventDetail extends EventSummary {
  rulesHtml: string;
  /** Every locale the event has texts in (for alternates). */
  locales: string[];
  /** True once the final standings are frozen. */
  final: boolean;
}

/** One row of a leaderboard. Amounts are decimal strings of USDT; `returnPct` a percentage with 2 decimals. */
export interface Standing {
  rank: number;
  /** A masked name, never an e-mail or a phone number. */
  name: string;
  pnl: string;
  returnPct: string;
  equity: string;
  startEquity: string;
  /** The participant leads copy trading on demo: its copy profile's trader id (docs/decisions/356). */
  copyTraderId?: string;
}

export interface Leaderboard {
  slug: string;
  state: EventState;
  by: "pnl" | "return";
  final: boolean;
  /** When the standings were computed (Unix ms). */
  asOf: number;
  participants: number;
  list: Standing[];
  /** The caller's own standing: present only for a logged-in, enrolled caller. */
  me?: Standing & { disqualified: boolean };
  /** True when the caller is logged in (so a page knows to offer enrolment). */
  loggedIn: boolean;
  enrolled: boolean;
}

/** What an operator sends to create an event (`update` takes the slug and any of the rest). */
export interface EventInput {
  slug: string;
  kind: EventKind;
  startsAt: number;
  endsAt: number;
  image: string;
  /** Texts by locale key; `en` is required. */
  texts: Record<string, EventText>;
}
