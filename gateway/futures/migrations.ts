/** Tables of the futures area (docs/decisions/310); versions 3100+ are the futures area's. */
import type { Migration } from "../db/migrations.ts";

const candleTable = (name: string) => `CREATE TABLE ${name} (
    symbol    TEXT NOT NULL,
    ts        INTEGER NOT NULL,
    open      INTEGER NOT NULL,
    high      INTEGER NOT NULL,
    low       INTEGER NOT NULL,
    close     INTEGER NOT NULL,
    base_vol  INTEGER NOT NULL,
    quote_vol INTEGER NOT NULL,
    PRIMARY KEY (symbol, ts)
  );`;

export const FUTURES_MIGRATIONS: Migration[] = [
  {
    version: 3100,
    name: "futures market: candles, mark candles, funding history, protection fund",
    sql: `
      ${candleTable("fx_candles")}
      ${candleTable("fx_mark_candles")}
      CREATE TABLE fx_funding (
        env          TEXT NOT NULL,
        symbol       TEXT NOT NULL,
        funding_time INTEGER NOT NULL,
        rate_ppm     INTEGER NOT NULL,
        PRIMARY KEY (env, symbol, funding_time)
      );
      CREATE TABLE fx_meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE fx_protection_fund (
        env     TEXT PRIMARY KEY,
        balance INTEGER NOT NULL
      );
    `,
  },
];
