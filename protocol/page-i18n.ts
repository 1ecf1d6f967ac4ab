/**
 * Which i18n namespaces a page is sent (docs/decisions/725), shared by the web server (which matches
 * a path's routes) and the app (whose routes declare `handle.i18n`, app/lib/page-handle.ts).
 */

/**
 * What the app's shell reads on every page: header, footer (its links' names in `footer`), the trading
 * layout's handles, and the root's hosts that read their namespace as they render: the simulation
 * guard (trade), the fund password host (fund) and the phone twin link (phone).
 */
export const SHELL_NAMESPACES: readonly string[] = ["common", "settings", "layout", "footer", "trade", "fund", "phone"];

/** What the header adds for a logged-in visitor: its account menu (assets, sub-accounts). */
export const MEMBER_NAMESPACES: readonly string[] = ["assets", "account"];

/**
 * A page's namespaces: those every visitor is sent, and those only a logged-in visitor is (parts that
 * appear for a member after a read or a keystroke, where a namespace still loading would suspend
 * the page with no boundary above it).
 */
export interface PageTexts {
  namespaces: string[];
  member: string[];
}

const listOf = (value: unknown): readonly string[] | undefined =>
  Array.isArray(value) && value.every((n) => typeof n === "string") ? (value as string[]) : undefined;

/**
 * The texts a page is sent: the shell's and those its matched routes declare in `handle.i18n`
 * (and `handle.i18nMember` for a logged-in visitor), or null (every namespace) when none declares.
 */
export function pageNamespaces(handles: readonly unknown[]): PageTexts | null {
  const own = handles as ReadonlyArray<{ i18n?: unknown; i18nMember?: unknown } | null | undefined>;
  const lists = own.map((h) => listOf(h?.i18n)).filter((l): l is readonly string[] => l !== undefined);
  if (lists.length === 0) return null;
  const member = own.flatMap((h) => listOf(h?.i18nMember) ?? []);
  return { namespaces: [...new Set([...SHELL_NAMESPACES, ...lists.flat()])], member: [...new Set(member)] };
}

/** The namespaces to send: a member also gets the account menu's and the page's member-only ones; null stays null (every namespace). */
export function withMember(page: PageTexts | null, loggedIn: boolean): readonly string[] | null {
  if (!page) return null;
  return loggedIn ? [...new Set([...page.namespaces, ...MEMBER_NAMESPACES, ...page.member])] : page.namespaces;
}
