import { numberTag } from "../../../protocol/locales";

/**
 * Shared `Intl` formatters. Making one costs far more than formatting with it (a list page formats
 * hundreds of figures), so each (language, options) pair is made once and kept (docs/decisions/606).
 * The keys come from the page's language and a few fixed option sets; the map is still bounded.
 * Every number on a page is formatted here, with the tag the server and every browser format the
 * same way (docs/decisions/022).
 */
const MAX_FORMATTERS = 512;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function memo<F>(store: Map<string, F>, lang: string, opts: object, make: () => F): F {
  const key = `${lang}\u0000${JSON.stringify(opts)}`;
  let found = store.get(key);
  if (!found) {
    found = make();
    if (store.size >= MAX_FORMATTERS) store.delete(store.keys().next().value as string);
    store.set(key, found);
  }
  return found;
}

/** A number format for the page's Intl tag `lang`, made with its number tag (`uz-Latn-UZ` formats as `uk`). */
export function numberFormat(lang: string, opts: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const tag = numberTag(lang);
  return memo(numberFormats, tag, opts, () => new Intl.NumberFormat(tag, opts));
}

export function dateTimeFormat(lang: string, opts: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return memo(dateFormats, lang, opts, () => new Intl.DateTimeFormat(lang, opts));
}

/** How many formatters are kept, for tests. */
export function formatterCount(): number {
  return numberFormats.size + dateFormats.size;
}
