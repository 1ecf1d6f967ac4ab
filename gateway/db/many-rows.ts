/**
 * Multi-row writes (docs/decisions/358): one statement `INSERT … VALUES (…), (…), …` of BATCH rows
 * instead of BATCH statements, for the changes that write many rows of one kind at once (a lead fill
 * copied to every follower: an order, a fill, a bill, a track and a record per follower). The rows
 * are bound by position, in the table's column order; the single-row statement writes the rest.
 */
import type { Statement } from "better-sqlite3";
import type { Db } from "./database.ts";

/** Rows a statement: 64 × the widest row here (about 40 columns) stays far below SQLite's 32,766 bound variables. */
export const BATCH = 64;

export class ManyRows {
  private readonly one: Statement;
  private many: Statement | undefined;
  private readonly args: unknown[] = [];

  /**
   * `head`: `INSERT [OR …] INTO table (columns)`; `tail`: an upsert clause or "". Each row must have
   * `width` values.
   */
  constructor(
    private readonly db: Db,
    private readonly head: string,
    private readonly width: number,
    private readonly tail = "",
  ) {
    this.one = db.prepare(`${head} VALUES ${this.row()} ${tail}`);
  }

  private row(): string {
    return `(${"?, ".repeat(this.width - 1)}?)`;
  }

  /** Writes `count` rows; `push(args, i)` appends row i's `width` values to `args`. */
  run(count: number, push: (args: unknown[], i: number) => void): void {
    const args = this.args;
    let i = 0;
    if (count >= BATCH) {
      this.many ??= this.db.prepare(`${this.head} VALUES ${Array<string>(BATCH).fill(this.row()).join(", ")} ${this.tail}`);
      for (; i + BATCH <= count; i += BATCH) {
        args.length = 0;
        for (let k = i; k < i + BATCH; k++) push(args, k);
        this.many.run(args);
      }
    }
    for (; i < count; i++) {
      args.length = 0;
      push(args, i);
      this.one.run(args);
    }
    args.length = 0;
  }
}
