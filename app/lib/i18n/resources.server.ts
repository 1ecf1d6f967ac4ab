import { DEFAULT_LOCALE, localeOrDefault } from "../../../protocol/locales";
import { provideServerTexts } from "./meta";

export type Resources = Record<string, Record<string, unknown>>;

/** Every locale's namespaces, bundled into the server only; a page gets just its own locale. */
const FILES = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });

const BY_LOCALE = new Map<string, Resources>();
for (const [path, mod] of Object.entries(FILES)) {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!m) continue;
  const [, locale, ns] = m as unknown as [string, string, string];
  const entry = BY_LOCALE.get(locale) ?? {};
  entry[ns] = mod.default;
  BY_LOCALE.set(locale, entry);
}

/** Per locale key, made once: the texts never change while the server runs. */
const FOR_LOCALE = new Map<string, { locale: string; resources: Record<string, Resources> }>();

/** The resources for a locale plus English, the fallback for any key a locale lacks. */
export function resourcesFor(localeKey: string): { locale: string; resources: Record<string, Resources> } {
  const locale = localeOrDefault(localeKey).key;
  const kept = FOR_LOCALE.get(locale);
  if (kept) return kept;
  const resources: Record<string, Resources> = { [DEFAULT_LOCALE]: BY_LOCALE.get(DEFAULT_LOCALE) ?? {} };
  const own = BY_LOCALE.get(locale);
  if (own) resources[locale] = own;
  const made = { locale, resources };
  FOR_LOCALE.set(locale, made);
  return made;
}

provideServerTexts((locale) => resourcesFor(locale).resources);

/** Only the given namespaces of a locale's resources (all when `namespaces` is null), docs/decisions/725. */
export function pickNamespaces(resources: Record<string, Resources>, namespaces: readonly string[] | null): Record<string, Resources> {
  if (!namespaces) return resources;
  const picked: Record<string, Resources> = {};
  for (const [locale, all] of Object.entries(resources)) {
    const own: Resources = {};
    for (const ns of namespaces) if (all[ns]) own[ns] = all[ns];
    picked[locale] = own;
  }
  return picked;
}
