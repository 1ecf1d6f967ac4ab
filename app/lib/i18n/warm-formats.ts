import { formatNumber, formatPercent } from "./format";

/**
 * Makes the page's first number formatters before hydration (docs/decisions/725, "The start-up's
 * remaining long tasks"): the first `Intl.NumberFormat` of a page sets up ICU's data for its locale,
 * 15–60 ms on a phone, which otherwise lands inside hydration's one long task (the ticker's first
 * figure). The formatters are the shared, memoised ones (`formatters.ts`), so the render reuses
 * them. Formats nothing the page shows; an unknown or empty tag falls back to English, as the
 * formatters do.
 */
export function warmNumberFormats(lang: string): void {
  const tag = lang || "en";
  try {
    formatNumber("1234.5", tag, { maxDigits: 2, minDigits: 2 });
    formatPercent("0.0123", tag);
  } catch {
    // A tag this browser's Intl does not know: the page's own formats report it, not the warm-up.
  }
}
