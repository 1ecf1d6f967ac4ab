/**
 * A record stored one field a column: the field list, each field's column (snake case unless
 * renamed), the insert statement's text and the reading of a row back, with INTEGER columns read
 * as numbers and BIGINT ones (money in ledger units, INTEGER in SQLite) as bigints. The spot and
 * futures plan stores and the futures account, position, order and bill loaders share it
 * (docs/decisions/315, 020).
 */
import type { Statement } from "better-sqlite3";
import type { Db } from "./database.ts";

export type ColumnType = "INTEGER" | "BIGINT" | "TEXT";

export interface RowCodec<T> {
  fields: Array<keyof T & string>;
  column(f: keyof T & string): string;
  /** `INSERT INTO table (columns) VALUES (@fields)`, to which an upsert clause may be added. */
  insert(table: string): string;
  fromRow(row: Record<string, unknown>): T;
}

export function rowCodec<T>(
  columns: Record<keyof T & string, ColumnType>,
  renamed: Partial<Record<keyof T & string, string>> = {},
): RowCodec<T> {
  const fields = Object.keys(columns) as Array<keyof T & string>;
  const column = (f: keyof T & string): string => renamed[f] ?? f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return {
    fields,
    column,
    insert: (table) => `INSERT INTO ${table} (${fields.map(column).join(", ")}) VALUES (${fields.map((f) => `@${f}`).join(", ")})`,
    fromRow(row) {
      const out: Partial<Record<keyof T, unknown>> = {};
      for (const f of fields) {
        const v = row[column(f)];
        out[f] = columns[f] === "INTEGER" ? Number(v) : columns[f] === "BIGINT" ? BigInt(v as bigint | number) : v;
      }
      return out as T;
    },
  };
}

/**
 * Statements `exactRows` compiled, per database, by their text (issue 31: the history, fills and
 * bills reads compiled their SQL on every request). Bounded: the texts are fixed, or built from
 * fixed WHERE fragments, so a handful per store; values are always bound, never in the text.
 */
const STATEMENTS = new WeakMap<Db, Map<string, Statement>>();
const STATEMENTS_MAX = 256;

/** A query's rows with integers read as bigints (`safeIntegers`), as `fromRow` reads BIGINT columns exactly. */
export function exactRows(db: Db, sql: string, ...params: unknown[]): Array<Record<string, unknown>> {
  let cache = STATEMENTS.get(db);
  if (!cache) STATEMENTS.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) {
    if (cache.size >= STATEMENTS_MAX) cache.clear();
    statement = db.prepare(sql).safeIntegers(true);
    cache.set(sql, statement);
  }
  return statement.all(...params) as Array<Record<string, unknown>>;
}
