/**
 * The product's locales (docs/protocol.md §14): key, default currency, language type (sent in the
 * `language` header), display name, the BCP 47 tag given to Intl, and text direction.
 * `bg` is hidden from pickers; its details are not in the spec, see docs/decisions/002.
 */
export interface LocaleInfo {
  key: string;
  currency: string;
  languageType: number;
  name: string;
  intl: string;
  dir: "ltr" | "rtl";
  hidden?: boolean;
  /**
   * The tag numbers are formatted with when it is not `intl`: a browser without the locale's
   * number data writes other digits than the server, and the page then fails to hydrate
   * (docs/decisions/022). Dates keep `intl`.
   */
  numbers?: string;
}

export const LOCALES: readonly LocaleInfo[] = [
  { key: "en", currency: "USD", languageType: 0, name: "English", intl: "en-US", dir: "ltr" },
  { key: "asia", currency: "USD", languageType: 3, name: "English (Asia)", intl: "en-SG", dir: "ltr" },
  { key: "en-GB", currency: "USD", languageType: 41, name: "English (UK)", intl: "en-GB", dir: "ltr" },
  { key: "ja", currency: "JPY", languageType: 2, name: "日本語", intl: "ja-JP", dir: "ltr" },
  { key: "ru", currency: "RUB", languageType: 6, name: "Русский", intl: "ru-RU", dir: "ltr" },
  { key: "es", currency: "EUR", languageType: 7, name: "Español", intl: "es", dir: "ltr" },
  { key: "it", currency: "EUR", languageType: 9, name: "Italiano", intl: "it-IT", dir: "ltr" },
  { key: "fr", currency: "EUR", languageType: 10, name: "Français", intl: "fr-FR", dir: "ltr" },
  { key: "de", currency: "EUR", languageType: 11, name: "Deutsch", intl: "de-DE", dir: "ltr" },
  { key: "zh-CN", currency: "CNY", languageType: 1, name: "简体中文", intl: "zh-CN", dir: "ltr" },
  { key: "zh-TC", currency: "TWD", languageType: 5, name: "繁體中文", intl: "zh-TW", dir: "ltr" },
  { key: "pt", currency: "EUR", languageType: 12, name: "Português", intl: "pt-BR", dir: "ltr" },
  { key: "id", currency: "IDR", languageType: 13, name: "Bahasa Indonesia", intl: "id-ID", dir: "ltr" },
  { key: "pl", currency: "USD", languageType: 20, name: "Polski", intl: "pl-PL", dir: "ltr" },
  { key: "vi", currency: "VND", languageType: 4, name: "Tiếng Việt", intl: "vi-VN", dir: "ltr" },
  { key: "uk", currency: "UAH", languageType: 21, name: "Українська", intl: "uk-UA", dir: "ltr" },
  { key: "pt-PT", currency: "EUR", languageType: 24, name: "Português (Portugal)", intl: "pt-PT", dir: "ltr" },
  { key: "es-ES", currency: "EUR", languageType: 23, name: "Español (España)", intl: "es-ES", dir: "ltr" },
  { key: "uz", currency: "UZS", languageType: 25, name: "Oʻzbekcha", intl: "uz-Latn-UZ", dir: "ltr", numbers: "uk" },
  { key: "ar", currency: "AED", languageType: 39, name: "العربية", intl: "ar-AE", dir: "rtl" },
  { key: "ph", currency: "PHP", languageType: 40, name: "Filipino", intl: "fil-PH", dir: "ltr" },
  { key: "es-AR", currency: "EUR", languageType: 42, name: "Español (Argentina)", intl: "es-AR", dir: "ltr" },
  { key: "en-CA", currency: "CAD", languageType: 43, name: "English (Canada)", intl: "en-CA", dir: "ltr" },
  { key: "bg", currency: "EUR", languageType: 44, name: "Български", intl: "bg-BG", dir: "ltr", hidden: true },
];

export const DEFAULT_LOCALE = "en";

const BY_KEY = new Map(LOCALES.map((l) => [l.key.toLowerCase(), l]));

/** Case-insensitive look-up; `undefined` for anything not a supported locale key. */
export function findLocale(key: string | null | undefined): LocaleInfo | undefined {
  if (!key) return undefined;
  return BY_KEY.get(key.toLowerCase());
}

const NUMBER_TAGS = new Map(LOCALES.filter((l) => l.numbers).map((l) => [l.intl.toLowerCase(), l.numbers as string]));

/** The tag to format numbers with for a page whose Intl tag is `intl` (docs/decisions/022). */
export function numberTag(intl: string): string {
  return NUMBER_TAGS.get(intl.toLowerCase()) ?? intl;
}

export function localeOrDefault(key: string | null | undefined): LocaleInfo {
  return findLocale(key) ?? (BY_KEY.get(DEFAULT_LOCALE) as LocaleInfo);
}
