/**
 * Versioned schema migrations. Append only: a shipped migration is never edited, a change is a
 * new entry. Each runs in its own transaction together with its row in schema_migrations.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "tdk",
    sql: `
      CREATE TABLE tdk (
        page_code   TEXT NOT NULL,
        locale      TEXT NOT NULL,
        title       TEXT NOT NULL,
        description TEXT NOT NULL,
        keywords    TEXT NOT NULL,
        PRIMARY KEY (page_code, locale)
      ) WITHOUT ROWID;
    `,
  },
];

/** Lets a module add its migrations (the exchange, accounts, tracking) without a central edit war. */
export function registerMigrations(list: Migration[]): void {
  for (const m of list) {
    if (MIGRATIONS.some((x) => x.version === m.version)) {
      throw new Error(`duplicate migration version ${m.version} (${m.name})`);
    }
    MIGRATIONS.push(m);
  }
  MIGRATIONS.sort((a, b) => a.version - b.version);
}
