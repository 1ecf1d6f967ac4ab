/**
 * The events area's rules (docs/decisions/800): what an event may hold, its state from the clock,
 * enrolment in a competition, live standings from the paper ledger and the final ones frozen at
 * the end. SQL is the store's; HTTP is the routes'.
 */
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import {
  EVENT_CODES,
  EVENT_KINDS,
  EVENT_LIMITS,
  EVENT_SLUG,
  EVENT_SLUG_MAX,
  EVENT_SLUG_MIN,
  type EventDetail,
  type EventState,
  type EventSummary,
  type EventText,
  type Leaderboard,
  type Standing,
} from "../../protocol/events.ts";
import { DEFAULT_LOCALE, findLocale } from "../../protocol/locales.ts";
import { GatewayError, refuse } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { formatScaled } from "../exchange/decimal.ts";
import type { PaperLedger } from "./paper-ledger.ts";
import type { EventRow, EventStore, ParticipantRow, ResultRow } from "./store.ts";

/** Dates an event may have: from 2020 to 2100, in whole milliseconds. */
const EARLIEST = Date.UTC(2020, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);
/** Live standings are computed at most this often, however many pages ask. */
const STANDINGS_TTL_MS = 2_000;
/** The timer looks again at least this often, so events the CLI wrote into the database are seen too. */
const MAX_TIMER_MS = 60_000;

/** Text with no control characters other than tab and newlines (nothing invisible in a title). */
const plain = (max: number, min = 0) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim())
    .refine((s) => s.length >= min, `must have at least ${min} character(s)`)
    .refine((s) => ![...s].some(invisible), "must not contain control characters");

/** C0 controls but tab and newlines, DEL, and the bidirectional overrides and isolates. */
function invisible(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

const TextSchema = z
  .object({
    title: plain(EVENT_LIMITS.title, 1),
    summary: plain(EVENT_LIMITS.summary),
    rulesHtml: z.string().max(EVENT_LIMITS.rulesHtml).default(""),
  })
  .strict();

const Texts = z
  .record(z.string().max(16), TextSchema)
  .refine((t) => Object.keys(t).length <= EVENT_LIMITS.locales, "too many locales")
  .refine((t) => Object.keys(t).every((k) => findLocale(k)?.key === k), "texts must be keyed by supported locale keys, spelled exactly");

const Time = z.number().int().min(EARLIEST).max(LATEST);

/** An image: an https address or a site path (never `//host`, `javascript:` or `data:`). */
const Image = z
  .string()
  .max(EVENT_LIMITS.image)
  .refine((s) => s === "" || /^\/(?!\/)[\w\-./%]*$/.test(s) || isHttpsUrl(s), "must be an https address or a site path");

function isHttpsUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "https:" && u.username === "" && u.password === "" && u.href === s;
  } catch {
    return false;
  }
}

export const Slug = z
  .string()
  .min(EVENT_SLUG_MIN)
  .max(EVENT_SLUG_MAX)
  .regex(EVENT_SLUG, "must be lowercase letters and digits joined by single hyphens");

export const EventInputSchema = z
  .object({
    slug: Slug,
    kind: z.enum(EVENT_KINDS),
    startsAt: Time,
    endsAt: Time,
    image: Image.default(""),
    texts: Texts.refine((t) => DEFAULT_LOCALE in t, "English (en) texts are required"),
  })
  .strict();

export const EventUpdateSchema = z
  .object({
    slug: Slug,
    kind: z.enum(EVENT_KINDS).optional(),
    startsAt: Time.optional(),
    endsAt: Time.optional(),
    image: Image.optional(),
    texts: Texts.optional(),
  })
  .strict();

export type EventUpdate = z.infer<typeof EventUpdateSchema>;

/** An event with every locale's texts, as operators see it: the public summary without one locale's texts. */
export interface EventRecord extends Omit<EventSummary, "title" | "summary" | "lang"> {
  final: boolean;
  texts: Record<string, EventText>;
}

/** Who a user is, as far as a competition needs: a public name and whether the account may enter. */
export interface EntrantDirectory {
  of(userId: string): { nickName: string; subAccount: boolean } | undefined;
}

export interface EventServiceDeps {
  store: EventStore;
  ledger: PaperLedger;
  entrants: EntrantDirectory;
  now?: () => number;
  log?: (err: unknown) => void;
  /** Whether a user leads copy trading on demo, where a competition's participants may be followed. */
  demoLead?: (userId: string) => boolean;
}

interface Computed {
  userId: string;
  name: string;
  enrolledAt: number;
  startEquity: bigint;
  equity: bigint;
  pnl: bigint;
  returnPpm: bigint;
  disqualified: boolean;
  rankPnl: number;
  rankReturn: number;
}

export function stateAt(e: Pick<EventRow, "startsAt" | "endsAt">, now: number): EventState {
  if (now < e.startsAt) return "upcoming";
  return now < e.endsAt ? "live" : "ended";
}

/** A public name that is never an e-mail or a phone: the nickname shortened, else the masked user id. */
export function publicName(userId: string, nickName: string): string {
  const nick = [...nickName.trim()];
  if (nick.length > 0) return nick.length <= 3 ? `${nick[0]}***` : `${nick.slice(0, 2).join("")}***${nick[nick.length - 1]}`;
  return userId.length <= 6 ? `${userId.slice(0, 1)}****` : `${userId.slice(0, 4)}****${userId.slice(-2)}`;
}

const usdt = (units: bigint) => formatScaled(units, 8, 2);
const pct = (ppm: bigint) => formatScaled(ppm / 100n, 2);

/** Higher first; ties go to the earlier entrant, then the user id, so the order is total and stable. */
function rankBy(rows: Computed[], first: (r: Computed) => bigint, second: (r: Computed) => bigint, set: (r: Computed, n: number) => void) {
  const ranked = rows
    .filter((r) => !r.disqualified)
    .sort((a, b) => {
      const d = first(b) - first(a) || second(b) - second(a);
      if (d !== 0n) return d > 0n ? 1 : -1;
      return a.enrolledAt - b.enrolledAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
    });
  ranked.forEach((r, i) => set(r, i + 1));
  for (const r of rows) if (r.disqualified) set(r, 0);
}

export class EventService {
  private readonly store: EventStore;
  private readonly ledger: PaperLedger;
  private readonly entrants: EntrantDirectory;
  private readonly now: () => number;
  private readonly log: (err: unknown) => void;
  private readonly demoLead?: (userId: string) => boolean;
  private readonly live = new Map<number, { at: number; rows: Computed[] }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(deps: EventServiceDeps) {
    this.store = deps.store;
    this.ledger = deps.ledger;
    this.entrants = deps.entrants;
    this.now = deps.now ?? Date.now;
    this.log = deps.log ?? (() => undefined);
    this.demoLead = deps.demoLead;
  }

  // ---- content ----

  /** Every event in a locale (English where it has none): live first, then upcoming (soonest first), then ended (latest first). */
  list(locale: string): EventSummary[] {
    const now = this.now();
    const order: Record<EventState, number> = { live: 0, upcoming: 1, ended: 2 };
    return this.store
      .all()
      .map((e) => this.summary(e, locale, now))
      .sort((a, b) => order[a.state] - order[b.state] || (a.state === "upcoming" ? a.startsAt - b.startsAt : b.endsAt - a.endsAt));
  }

  detail(slug: string, locale: string): EventDetail {
    const e = this.find(slug);
    const texts = this.store.texts(e.id);
    return {
      ...this.summary(e, locale, this.now(), texts),
      rulesHtml: this.textOf(texts, locale).text.rulesHtml,
      locales: [...texts.keys()].sort(),
      final: e.finalAt !== null,
    };
  }

  private find(slug: string): EventRow {
    const e = this.store.bySlug(slug);
    if (!e) throw new GatewayError(CODES.notFound, `Event not found: ${slug}`, 404);
    return e;
  }

  private textOf(texts: Map<string, EventText>, locale: string): { text: EventText; lang: string } {
    const key = findLocale(locale)?.key ?? DEFAULT_LOCALE;
    const own = texts.get(key);
    if (own) return { text: own, lang: key };
    return { text: texts.get(DEFAULT_LOCALE) ?? { title: "", summary: "", rulesHtml: "" }, lang: DEFAULT_LOCALE };
  }

  private summary(e: EventRow, locale: string, now: number, texts = this.store.texts(e.id)): EventSummary {
    const { text, lang } = this.textOf(texts, locale);
    return {
      slug: e.slug,
      kind: e.kind,
      state: stateAt(e, now),
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      image: e.image,
      title: text.title,
      summary: text.summary,
      lang,
      participants: this.store.participantCount(e.id),
    };
  }

  // ---- operators ----

  create(input: unknown): EventRecord {
    const v = parseBody(EventInputSchema, input);
    this.checkWindow(v.startsAt, v.endsAt);
    if (this.store.bySlug(v.slug)) throw refuse(EVENT_CODES.slugTaken, `An event with the slug ${v.slug} exists already`);
    const at = this.now();
    try {
      this.store.insert(
        { slug: v.slug, kind: v.kind, startsAt: v.startsAt, endsAt: v.endsAt, image: v.image, createdAt: at, updatedAt: at },
        v.texts,
      );
    } catch (err) {
      // Two creates of one slug at once: the table's uniqueness decides.
      if (err instanceof Error && /UNIQUE/.test(err.message))
        throw refuse(EVENT_CODES.slugTaken, `An event with the slug ${v.slug} exists already`);
      throw err;
    }
    this.schedule();
    return this.record(this.find(v.slug));
  }

  /**
   * Texts and the image may change at any time. The window and kind are the competition's terms:
   * they are fixed once its results are final, and once anyone enrolled only the end may move (not
   * into the past), since every entrant's starting equity was taken under them.
   */
  update(input: unknown): EventRecord {
    const v = parseBody(EventUpdateSchema, input);
    const e = this.find(v.slug);
    const next = { kind: v.kind ?? e.kind, startsAt: v.startsAt ?? e.startsAt, endsAt: v.endsAt ?? e.endsAt };
    const termsChange = next.kind !== e.kind || next.startsAt !== e.startsAt || next.endsAt !== e.endsAt;
    if (termsChange) {
      if (e.finalAt !== null) throw refuse(EVENT_CODES.ended, "The event's results are final: its dates and kind cannot change");
      const entrants = this.store.participantCount(e.id);
      if (entrants > 0 && (next.kind !== e.kind || next.startsAt !== e.startsAt))
        throw refuse(CODES.invalidParameter, "Participants have enrolled: only the end may move");
      if (entrants > 0 && next.endsAt !== e.endsAt && next.endsAt <= this.now())
        throw refuse(CODES.invalidParameter, "The end cannot move into the past once participants have enrolled");
      this.checkWindow(next.startsAt, next.endsAt);
    }
    if (v.texts && !(DEFAULT_LOCALE in v.texts) && !this.store.texts(e.id).has(DEFAULT_LOCALE))
      throw refuse(CODES.invalidParameter, "English (en) texts are required");
    this.store.update(e.id, { ...next, image: v.image ?? e.image, updatedAt: this.now() }, v.texts ?? {});
    this.live.delete(e.id);
    this.schedule();
    return this.record(this.find(v.slug));
  }

  records(): EventRecord[] {
    return this.store.all().map((e) => this.record(e));
  }

  private record(e: EventRow): EventRecord {
    return {
      slug: e.slug,
      kind: e.kind,
      state: stateAt(e, this.now()),
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      image: e.image,
      final: e.finalAt !== null,
      participants: this.store.participantCount(e.id),
      texts: Object.fromEntries(this.store.texts(e.id)),
    };
  }

  private checkWindow(startsAt: number, endsAt: number): void {
    if (endsAt <= startsAt) throw new GatewayError(CODES.invalidParameter, "Invalid parameter endsAt: the event must end after it starts");
    if (endsAt - startsAt > EVENT_LIMITS.maxWindowMs)
      throw new GatewayError(CODES.invalidParameter, "Invalid parameter endsAt: an event may last at most a year");
  }

  // ---- the competition ----

  /**
   * Enrols a logged-in main account's paper account while the competition is live. Its starting
   * equity is taken now, at the live market's prices: the ledger keeps balances, not their history,
   * so this moment is the only one whose holdings are known exactly (docs/decisions/800).
   */
  async enrol(slug: string, userId: string): Promise<{ slug: string; enrolledAt: number; startEquity: string }> {
    const e = this.find(slug);
    if (e.kind !== "trading-competition") throw refuse(EVENT_CODES.notEnrollable, "This event has no enrolment");
    const who = this.entrants.of(userId);
    if (!who) throw refuse(CODES.sessionMissing, "Please log in");
    if (who.subAccount) throw refuse(EVENT_CODES.notEnrollable, "Sub-accounts cannot enter; enrol with the main account");
    const state = stateAt(e, this.now());
    if (state === "upcoming") throw refuse(EVENT_CODES.notStarted, "Enrolment opens when the event starts");
    if (state === "ended" || e.finalAt !== null) throw refuse(EVENT_CODES.ended, "The event has ended");
    if (this.store.isParticipant(e.id, userId)) throw refuse(EVENT_CODES.alreadyEnrolled, "You are enrolled already");
    await this.ledger.open(userId);
    const enrolledAt = this.now();
    // The awaited funding may have let the end pass: an entry after the end would join frozen results.
    if (enrolledAt >= e.endsAt) throw refuse(EVENT_CODES.ended, "The event has ended");
    const startEquity = this.ledger.equity(userId);
    const added = this.store.enrol(e.id, { userId, name: publicName(userId, who.nickName), enrolledAt, startEquity });
    if (!added) throw refuse(EVENT_CODES.alreadyEnrolled, "You are enrolled already");
    this.live.delete(e.id);
    return { slug: e.slug, enrolledAt, startEquity: usdt(startEquity) };
  }

  /** The standings, best first by PnL or by return, with the caller's own row when enrolled. */
  leaderboard(slug: string, opts: { by: "pnl" | "return"; limit: number; userId?: string }): Leaderboard {
    const e = this.find(slug);
    const now = this.now();
    const state = stateAt(e, now);
    if (e.kind !== "trading-competition") {
      return {
        slug,
        state,
        by: opts.by,
        final: false,
        asOf: now,
        participants: 0,
        list: [],
        loggedIn: Boolean(opts.userId),
        enrolled: false,
      };
    }
    // An end the timer has not reached yet is still the end.
    if (state === "ended" && e.finalAt === null) this.finalise(e);
    const final = state === "ended";
    let rows: Computed[];
    let asOf: number;
    if (final) {
      rows = this.store.results(e.id).map((r) => ({ ...r, enrolledAt: 0 }));
      asOf = e.endsAt;
    } else {
      const cached = this.live.get(e.id);
      if (cached && now - cached.at < STANDINGS_TTL_MS) ({ rows, at: asOf } = cached);
      else {
        rows = this.compute(e, this.store.participants(e.id), undefined, now);
        asOf = now;
        this.live.set(e.id, { at: now, rows });
      }
    }
    const rank = (r: Computed) => (opts.by === "pnl" ? r.rankPnl : r.rankReturn);
    const standing = (r: Computed): Standing => ({
      rank: rank(r),
      name: r.name,
      pnl: usdt(r.pnl),
      returnPct: pct(r.returnPpm),
      equity: usdt(r.equity),
      startEquity: usdt(r.startEquity),
      ...(this.demoLead?.(r.userId) ? { copyTraderId: r.userId } : {}),
    });
    const list = rows
      .filter((r) => !r.disqualified)
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, opts.limit)
      .map(standing);
    const mine = opts.userId ? rows.find((r) => r.userId === opts.userId) : undefined;
    return {
      slug: e.slug,
      state,
      by: opts.by,
      final,
      asOf,
      participants: rows.length,
      list,
      ...(mine ? { me: { ...standing(mine), disqualified: mine.disqualified } } : {}),
      loggedIn: Boolean(opts.userId),
      enrolled: Boolean(mine),
    };
  }

  private compute(e: EventRow, participants: ParticipantRow[], at: number | undefined, now: number): Computed[] {
    const until = Math.min(now, e.endsAt);
    const rows: Computed[] = participants.map((p) => {
      const equity = this.ledger.equity(p.userId, at);
      const pnl = equity - p.startEquity;
      return {
        ...p,
        equity,
        pnl,
        returnPpm: p.startEquity > 0n ? (pnl * 1_000_000n) / p.startEquity : 0n,
        // Money that came in or left other than by trading (a demo reset, a deposit) is not PnL.
        disqualified: this.ledger.movedOutsideTrading(p.userId, p.enrolledAt, until),
        rankPnl: 0,
        rankReturn: 0,
      };
    });
    rankBy(
      rows,
      (r) => r.pnl,
      (r) => r.returnPpm,
      (r, n) => (r.rankPnl = n),
    );
    rankBy(
      rows,
      (r) => r.returnPpm,
      (r) => r.pnl,
      (r, n) => (r.rankReturn = n),
    );
    return rows;
  }

  /**
   * Freezes an ended competition's standings once. On time (the timer) the equity is valued now;
   * late (the gateway was stopped at the end) at the last minute's close before the end, since
   * nothing traded while it was down.
   */
  private finalise(e: EventRow): void {
    const now = this.now();
    const late = now - e.endsAt > 60_000;
    const rows: ResultRow[] = this.compute(e, this.store.participants(e.id), late ? e.endsAt : undefined, now);
    this.store.freeze(e.id, now, rows);
    this.live.delete(e.id);
  }

  // ---- time ----

  /** Freezes what ended while the gateway was stopped, then waits for the next end. */
  start(): void {
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    this.stop();
    const now = this.now();
    let next: number | undefined;
    for (const e of this.store.unfinished()) {
      if (e.endsAt <= now) {
        try {
          this.finalise(e);
        } catch (err) {
          this.log(err);
        }
      } else if (next === undefined || e.endsAt < next) next = e.endsAt;
    }
    this.timer = setTimeout(() => this.schedule(), Math.min(MAX_TIMER_MS, Math.max(0, (next ?? Infinity) - now)));
    this.timer.unref();
  }

  /** The events a fresh gateway starts with: the paper-trading cup (docs/decisions/800). */
  seed(events: readonly unknown[]): void {
    if (this.store.count() > 0) return;
    for (const e of events) this.create(e);
  }
}
