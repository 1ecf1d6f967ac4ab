/** Which accounts have opened futures (docs/decisions/351): rows of `fx_openings`. SQL only. */
import type { Db } from "../db/database.ts";

export interface OpeningRow {
  user_id: string;
  agreement: string;
  opened_at: number;
}

export class OpeningStore {
  constructor(private readonly db: Db) {}

  get(userId: string): OpeningRow | undefined {
    return this.db.prepare("SELECT * FROM fx_openings WHERE user_id = ?").get(userId) as OpeningRow | undefined;
  }

  /** Records the opening unless one exists; answers the row that stands. */
  insert(userId: string, agreement: string, at: number): OpeningRow {
    this.db.prepare("INSERT OR IGNORE INTO fx_openings (user_id, agreement, opened_at) VALUES (?, ?, ?)").run(userId, agreement, at);
    return this.get(userId) as OpeningRow;
  }
}
