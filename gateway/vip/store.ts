/**
 * The VIP area's tables and nothing else (docs/decisions/332): each account's daily trading volume
 * per environment, the level last computed for it, the levels an operator granted, and when the
 * last recompute ran.
 */
import type { Db } from "../db/database.ts";
import type { Migration } from "../db/migrations.ts";
import type { Env } from "../exchange/engine/types.ts";

export const VIP_MIGRATIONS: Migration[] = [
  {
    version: 3320,
    name: "vip: daily volume, levels, grants",
    sql: `
      CREATE TABLE vip_volume (
        env     TEXT NOT NULL,
        user_id TEXT NOT NULL,
        day     INTEGER NOT NULL,
        volume  INTEGER NOT NULL,
        PRIMARY KEY (env, user_id, day)
      ) WITHOUT ROWID;
      CREATE INDEX vip_volume_day ON vip_volume (day);
      CREATE TABLE vip_levels (
        env         TEXT NOT NULL,
        user_id     TEXT NOT NULL,
        level       INTEGER NOT NULL,
        volume      INTEGER NOT NULL,
        balance     INTEGER NOT NULL,
        computed_at INTEGER NOT NULL,
        PRIMARY KEY (env, user_id)
      ) WITHOUT ROWID;
      CREATE TABLE vip_grants (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        env        TEXT NOT NULL,
        user_id    TEXT NOT NULL,
        level      INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        applied_at INTEGER
      );
      CREATE TABLE vip_clock (
        name  TEXT PRIMARY KEY,
        at    INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
];

export interface LevelRow {
  env: Env;
  userId: string;
  level: number;
  /** 30-day volume and balance in USDT ledger units, as last computed. */
  volume: bigint;
  balance: bigint;
  computedAt: number;
}

const RECOMPUTE = "recompute";

export class VipStore {
  private readonly addVolume;
  private readonly volumeSince;
  private readonly dailyOf;
  private readonly pruneBefore;
  private readonly putLevel;
  private readonly allLevels;
  private readonly oneLevel;
  private readonly pending;
  private readonly markApplied;
  private readonly latestGrants;
  private readonly addGrant;
  private readonly clockAt;
  private readonly setClock;

  constructor(readonly db: Db) {
    this.addVolume = db.prepare(
      `INSERT INTO vip_volume (env, user_id, day, volume) VALUES (?, ?, ?, ?)
       ON CONFLICT (env, user_id, day) DO UPDATE SET volume = volume + excluded.volume`,
    );
    this.volumeSince = db
      .prepare("SELECT env, user_id, SUM(volume) AS volume FROM vip_volume WHERE day >= ? GROUP BY env, user_id")
      .safeIntegers(true);
    this.dailyOf = db.prepare("SELECT day, volume FROM vip_volume WHERE env = ? AND user_id = ? AND day >= ?").safeIntegers(true);
    this.pruneBefore = db.prepare("DELETE FROM vip_volume WHERE day < ?");
    this.putLevel = db.prepare(
      `INSERT INTO vip_levels (env, user_id, level, volume, balance, computed_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (env, user_id) DO UPDATE SET level = excluded.level, volume = excluded.volume,
         balance = excluded.balance, computed_at = excluded.computed_at`,
    );
    this.allLevels = db.prepare("SELECT * FROM vip_levels").safeIntegers(true);
    this.oneLevel = db.prepare("SELECT * FROM vip_levels WHERE env = ? AND user_id = ?").safeIntegers(true);
    this.pending = db.prepare("SELECT id, env, user_id, level FROM vip_grants WHERE applied_at IS NULL ORDER BY id");
    this.markApplied = db.prepare("UPDATE vip_grants SET applied_at = ? WHERE id = ?");
    this.latestGrants = db.prepare(
      "SELECT g.env, g.user_id, g.level FROM vip_grants g WHERE g.id = (SELECT MAX(id) FROM vip_grants h WHERE h.env = g.env AND h.user_id = g.user_id)",
    );
    this.addGrant = db.prepare("INSERT INTO vip_grants (env, user_id, level, created_at) VALUES (?, ?, ?, ?)");
    this.clockAt = db.prepare("SELECT at FROM vip_clock WHERE name = ?");
    this.setClock = db.prepare("INSERT INTO vip_clock (name, at) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET at = excluded.at");
  }

  /** Adds volume (USDT ledger units) to each account's day, in one transaction. */
  recordVolume(rows: Iterable<{ env: Env; userId: string; day: number; volume: bigint }>): void {
    this.db.transaction(() => {
      for (const r of rows) this.addVolume.run(r.env, r.userId, r.day, r.volume);
    })();
  }

  /** Each account's volume from `fromDay` on. */
  volumes(fromDay: number): Array<{ env: Env; userId: string; volume: bigint }> {
    return (this.volumeSince.all(fromDay) as Array<{ env: Env; user_id: string; volume: bigint }>).map((r) => ({
      env: r.env,
      userId: r.user_id,
      volume: r.volume,
    }));
  }

  daily(env: Env, userId: string, fromDay: number): Array<{ day: number; volume: bigint }> {
    return (this.dailyOf.all(env, userId, fromDay) as Array<{ day: bigint; volume: bigint }>).map((r) => ({
      day: Number(r.day),
      volume: r.volume,
    }));
  }

  prune(beforeDay: number): void {
    this.pruneBefore.run(beforeDay);
  }

  levels(): LevelRow[] {
    return (this.allLevels.all() as Array<Record<string, bigint | string>>).map(levelRow);
  }

  levelOf(env: Env, userId: string): LevelRow | undefined {
    const r = this.oneLevel.get(env, userId) as Record<string, bigint | string> | undefined;
    return r ? levelRow(r) : undefined;
  }

  saveLevels(rows: readonly LevelRow[], recomputedAt?: number): void {
    this.db.transaction(() => {
      for (const r of rows) this.putLevel.run(r.env, r.userId, r.level, r.volume, r.balance, r.computedAt);
      if (recomputedAt !== undefined) this.setClock.run(RECOMPUTE, recomputedAt);
    })();
  }

  /** When the last full recompute ran (0: never). */
  lastRecompute(): number {
    const row = this.clockAt.get(RECOMPUTE) as { at: number } | undefined;
    return row?.at ?? 0;
  }

  /** Operator grants not yet applied by the running gateway (the command writes them). */
  pendingGrants(): Array<{ id: number; env: Env; userId: string; level: number }> {
    return (this.pending.all() as Array<{ id: number; env: Env; user_id: string; level: number }>).map((r) => ({
      id: r.id,
      env: r.env,
      userId: r.user_id,
      level: r.level,
    }));
  }

  markGranted(id: number, at: number): void {
    this.markApplied.run(at, id);
  }

  /** The latest grant of every account (level 0 withdraws a grant). */
  grants(): Array<{ env: Env; userId: string; level: number }> {
    return (this.latestGrants.all() as Array<{ env: Env; user_id: string; level: number }>).map((r) => ({
      env: r.env,
      userId: r.user_id,
      level: r.level,
    }));
  }

  grant(env: Env, userId: string, level: number, at: number): void {
    this.addGrant.run(env, userId, level, at);
  }
}

function levelRow(r: Record<string, bigint | string>): LevelRow {
  return {
    env: r.env as Env,
    userId: r.user_id as string,
    level: Number(r.level),
    volume: BigInt(r.volume as bigint),
    balance: BigInt(r.balance as bigint),
    computedAt: Number(r.computed_at),
  };
}
