import type { Db } from "../db/database.ts";
import { TDK_EN, TDK_PAGES, type Tdk, type TdkPage } from "./tdk-seed.ts";
import { TDK_TRANSLATIONS } from "./tdk-locales.ts";
import { DEFAULT_LOCALE, findLocale } from "../../protocol/locales.ts";

/** Writes the shipped TDK content; the shipped text is the source of truth for shipped pages. */
export function seedTdk(db: Db): void {
  const upsert = db.prepare(`INSERT INTO tdk (page_code, locale, title, description, keywords)
    VALUES (@page, @locale, @title, @description, @keywords)
    ON CONFLICT (page_code, locale) DO UPDATE SET
      title = excluded.title, description = excluded.description, keywords = excluded.keywords`);
  db.transaction(() => {
    for (const page of TDK_PAGES) {
      upsert.run({ page, locale: DEFAULT_LOCALE, ...TDK_EN[page] });
      for (const [locale, pages] of Object.entries(TDK_TRANSLATIONS)) {
        const t = pages[page];
        if (t) upsert.run({ page, locale, ...t });
      }
    }
  })();
}

export interface TdkEntry extends Tdk {
  pageCode: TdkPage;
  locale: string;
}

const PARAM = /\{(symbol|base|quote|article|name|coin)\}/g;

function fill(text: string, params: Record<string, string>): string {
  return text.replace(PARAM, (whole, name: string) => params[name] ?? whole);
}

/** The TDK rows for a locale, falling back to English per page when a translation is absent. */
export function queryTdk(db: Db, localeKey: string, pageCodes: readonly string[] | undefined, params: Record<string, string>): TdkEntry[] {
  const locale = findLocale(localeKey)?.key ?? DEFAULT_LOCALE;
  const wanted = pageCodes ? TDK_PAGES.filter((p) => pageCodes.includes(p)) : [...TDK_PAGES];
  const get = db.prepare("SELECT title, description, keywords FROM tdk WHERE page_code = ? AND locale = ?");
  return wanted.map((pageCode) => {
    const own = get.get(pageCode, locale) as Tdk | undefined;
    const row = own ?? (get.get(pageCode, DEFAULT_LOCALE) as Tdk);
    return {
      pageCode,
      locale: own ? locale : DEFAULT_LOCALE,
      title: fill(row.title, params),
      description: fill(row.description, params),
      keywords: fill(row.keywords, params),
    };
  });
}

/** The TDK table bound to one database, as the public routes are handed it. */
export class TdkStore {
  constructor(private readonly db: Db) {}
  query(localeKey: string, pageCodes: readonly string[] | undefined, params: Record<string, string>): TdkEntry[] {
    return queryTdk(this.db, localeKey, pageCodes, params);
  }
}
