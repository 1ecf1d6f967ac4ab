/**
 * Which i18n namespaces a page is sent (docs/decisions/725), shared by the web server (which matches
 * a path's routes) and the app (whose routes declare `handle.i18n`, app/lib/page-handle.ts).
 */

/** What the app's shell reads on every page: header, footer (links named in vip and reserves), the trading layout's handles. */
export const SHELL_NAMESPACES: readonly string[] = ["common", "settings", "layout", "vip", "reserves"];

/** What the header adds for a logged-in visitor: its account menu (assets, sub-accounts). */
export const MEMBER_NAMESPACES: readonly string[] = ["assets", "account"];

/**
 * The namespaces a page is sent: the shell's and those its matched routes declare in `handle.i18n`,
 * or null (every namespace) when none of them declares.
 */
export function pageNamespaces(handles: readonly unknown[]): string[] | null {
  const lists = handles
    .map((h) => (h as { i18n?: unknown } | null | undefined)?.i18n)
    .filter((l): l is readonly string[] => Array.isArray(l));
  if (lists.length === 0) return null;
  return [...new Set([...SHELL_NAMESPACES, ...lists.flat()])];
}

/** A page's namespaces with the member's (when logged in) added; null stays null (every namespace). */
export function withMember(namespaces: readonly string[] | null, loggedIn: boolean): readonly string[] | null {
  return namespaces && loggedIn ? [...new Set([...namespaces, ...MEMBER_NAMESPACES])] : namespaces;
}
