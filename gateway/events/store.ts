/** The events area's SQL and nothing else (docs/decisions/015, 800). */
import type { Db } from "../db/database.ts";
import type { EventKind, EventText } from "../../protocol/events.ts";

export interface EventRow {
  id: number;
  slug: string;
  kind: EventKind;
  startsAt: number;
  endsAt: number;
  image: string;
  createdAt: number;
  updatedAt: number;
  finalAt: number | null;
}

export interface ParticipantRow {
  userId: string;
  name: string;
  enrolledAt: number;
  startEquity: bigint;
}

export interface ResultRow {
  userId: string;
  name: string;
  rankPnl: number;
  rankReturn: number;
  equity: bigint;
  startEquity: bigint;
  pnl: bigint;
  returnPpm: bigint;
  disqualified: boolean;
}

type RawEvent = {
  id: number;
  slug: string;
  kind: string;
  starts_at: number;
  ends_at: number;
  image: string;
  created_at: number;
  updated_at: number;
  final_at: number | null;
};

const eventOf = (r: RawEvent): EventRow => ({
  id: r.id,
  slug: r.slug,
  kind: r.kind as EventKind,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  image: r.image,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  finalAt: r.final_at,
});

export class EventStore {
  constructor(private readonly db: Db) {}

  all(): EventRow[] {
    return (this.db.prepare("SELECT * FROM events ORDER BY starts_at DESC, id DESC").all() as RawEvent[]).map(eventOf);
  }

  bySlug(slug: string): EventRow | undefined {
    const r = this.db.prepare("SELECT * FROM events WHERE slug = ?").get(slug) as RawEvent | undefined;
    return r ? eventOf(r) : undefined;
  }

  count(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM events").get() as { n: number }).n;
  }

  /** Competitions whose end has come and whose standings are not frozen yet. */
  unfinished(): EventRow[] {
    return (
      this.db.prepare("SELECT * FROM events WHERE final_at IS NULL AND kind = 'trading-competition' ORDER BY ends_at").all() as RawEvent[]
    ).map(eventOf);
  }

  texts(eventId: number): Map<string, EventText> {
    const rows = this.db.prepare("SELECT locale, title, summary, rules_html FROM event_texts WHERE event_id = ?").all(eventId) as Array<{
      locale: string;
      title: string;
      summary: string;
      rules_html: string;
    }>;
    return new Map(rows.map((r) => [r.locale, { title: r.title, summary: r.summary, rulesHtml: r.rules_html }]));
  }

  /** Creates an event with its texts in one transaction; the slug's uniqueness is the table's. */
  insert(e: Omit<EventRow, "id" | "finalAt">, texts: Record<string, EventText>): number {
    return this.db.transaction(() => {
      const id = Number(
        this.db
          .prepare("INSERT INTO events (slug, kind, starts_at, ends_at, image, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
          .run(e.slug, e.kind, e.startsAt, e.endsAt, e.image, e.createdAt, e.updatedAt).lastInsertRowid,
      );
      this.putTexts(id, texts);
      return id;
    })();
  }

  /** Replaces an event's fields, and the texts of the locales given (others are kept). */
  update(id: number, e: Pick<EventRow, "kind" | "startsAt" | "endsAt" | "image" | "updatedAt">, texts: Record<string, EventText>): void {
    this.db.transaction(() => {
      this.db
        .prepare("UPDATE events SET kind = ?, starts_at = ?, ends_at = ?, image = ?, updated_at = ? WHERE id = ?")
        .run(e.kind, e.startsAt, e.endsAt, e.image, e.updatedAt, id);
      this.putTexts(id, texts);
    })();
  }

  private putTexts(id: number, texts: Record<string, EventText>): void {
    const put = this.db.prepare(
      `INSERT INTO event_texts (event_id, locale, title, summary, rules_html) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(event_id, locale) DO UPDATE SET title = excluded.title, summary = excluded.summary, rules_html = excluded.rules_html`,
    );
    for (const [locale, t] of Object.entries(texts)) put.run(id, locale, t.title, t.summary, t.rulesHtml);
  }

  participants(eventId: number): ParticipantRow[] {
    const rows = this.db
      .prepare("SELECT user_id, name, enrolled_at, start_equity FROM event_participants WHERE event_id = ? ORDER BY enrolled_at, user_id")
      .safeIntegers(true)
      .all(eventId) as Array<{ user_id: string; name: string; enrolled_at: bigint; start_equity: bigint }>;
    return rows.map((r) => ({ userId: r.user_id, name: r.name, enrolledAt: Number(r.enrolled_at), startEquity: r.start_equity }));
  }

  participantCount(eventId: number): number {
    return (this.db.prepare("SELECT count(*) AS n FROM event_participants WHERE event_id = ?").get(eventId) as { n: number }).n;
  }

  isParticipant(eventId: number, userId: string): boolean {
    return this.db.prepare("SELECT 1 FROM event_participants WHERE event_id = ? AND user_id = ?").get(eventId, userId) !== undefined;
  }

  /** Enrols a user once: false when the user was enrolled already (the first row is kept). */
  enrol(eventId: number, p: ParticipantRow): boolean {
    const r = this.db
      .prepare(
        "INSERT INTO event_participants (event_id, user_id, name, enrolled_at, start_equity) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .run(eventId, p.userId, p.name, p.enrolledAt, p.startEquity);
    return r.changes === 1;
  }

  /** Writes the final standings and marks the event final, in one transaction, once. */
  freeze(eventId: number, at: number, rows: ResultRow[]): boolean {
    return this.db.transaction(() => {
      const marked = this.db.prepare("UPDATE events SET final_at = ? WHERE id = ? AND final_at IS NULL").run(at, eventId);
      if (marked.changes !== 1) return false;
      const put = this.db.prepare(
        `INSERT INTO event_results (event_id, user_id, rank_pnl, rank_return, equity, pnl, return_ppm, disqualified)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const r of rows) put.run(eventId, r.userId, r.rankPnl, r.rankReturn, r.equity, r.pnl, r.returnPpm, r.disqualified ? 1 : 0);
      return true;
    })();
  }

  results(eventId: number): ResultRow[] {
    const rows = this.db
      .prepare(
        `SELECT r.user_id, p.name, r.rank_pnl, r.rank_return, r.equity, p.start_equity, r.pnl, r.return_ppm, r.disqualified
         FROM event_results r JOIN event_participants p ON p.event_id = r.event_id AND p.user_id = r.user_id
         WHERE r.event_id = ? ORDER BY r.rank_pnl`,
      )
      .safeIntegers(true)
      .all(eventId) as Array<Record<string, bigint | string>>;
    return rows.map((r) => ({
      userId: r.user_id as string,
      name: r.name as string,
      rankPnl: Number(r.rank_pnl),
      rankReturn: Number(r.rank_return),
      equity: r.equity as bigint,
      startEquity: r.start_equity as bigint,
      pnl: r.pnl as bigint,
      returnPpm: r.return_ppm as bigint,
      disqualified: r.disqualified === 1n,
    }));
  }

  /** Remembers an operator signature until `expiresAt`; false when it was used already. */
  spendSignature(sign: string, now: number, expiresAt: number): boolean {
    return this.db.transaction(() => {
      this.db.prepare("DELETE FROM event_operator_signatures WHERE expires_at <= ?").run(now);
      const r = this.db
        .prepare("INSERT INTO event_operator_signatures (sign, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING")
        .run(sign, expiresAt);
      return r.changes === 1;
    })();
  }
}
