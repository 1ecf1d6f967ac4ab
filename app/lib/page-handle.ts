/** What a route module may export as `handle` for the document around it. */
export interface PageHandle {
  /**
   * `false`: the page is server-rendered HTML only. The document leaves out Remix's scripts (and the
   * route data they carry); the page brings the few standalone bundles it needs (docs/decisions/019).
   */
  hydrate?: boolean;
  /**
   * `true`: the page brings its own header, footer and dialogs (the events site's chrome,
   * docs/decisions/800); the root renders the page alone, without the app's.
   */
  ownShell?: boolean;
  /**
   * `true`: the page's loader returns its whole stylesheet as `css`, and the document writes it in
   * its head (with the CSP nonce) instead of linking the app's stylesheets: no request blocks the
   * first paint (docs/decisions/606).
   */
  inlineCss?: boolean;
  /**
   * A hydrating page whose stylesheets are written into its head as one `<style>` (with the CSP nonce):
   * the name of a set the server builds (app/utils/page-css.server.ts, e.g. `trade`: the app's, the
   * trading screens' and their components' CSS). The document then links none of them, so no request
   * blocks the first paint; the browser hydrates the same `<style>` from the document (docs/decisions/725).
   */
  criticalCss?: string;
  /**
   * The i18n namespaces the page's server render reads besides the shell's (SHELL_NAMESPACES, protocol/page-i18n.ts): the
   * root then sends only these to the browser, which loads any other one when a part needs it
   * (docs/decisions/725). A page that declares none is sent every namespace.
   */
  i18n?: readonly string[];
  /**
   * The namespaces only a logged-in visitor is sent besides: parts that appear for a member after a
   * read or a keystroke (not a transition), where a namespace still loading would suspend the whole
   * page with no boundary above it (docs/decisions/725).
   */
  i18nMember?: readonly string[];
  /**
   * The part of the address's query that makes a page of its own (`?product=spot` on the copy pages,
   * docs/decisions/362): kept in the canonical and `hreflang` addresses, which drop any other query.
   */
  canonicalSearch?: (search: URLSearchParams) => string;
}

/** The query the canonical and alternate addresses keep (the last matched route that names one), else "". */
export function canonicalSearch(matches: readonly { handle?: unknown }[], search: string): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const pick = (matches[i]!.handle as PageHandle | undefined)?.canonicalSearch;
    if (pick) return pick(new URLSearchParams(search));
  }
  return "";
}

/** A page hydrates unless one of its matched routes says it must not. */
export function hydrates(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((m) => (m.handle as PageHandle | undefined)?.hydrate === false);
}

/** A page renders its own shell when one of its matched routes says so. */
export function ownsShell(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as PageHandle | undefined)?.ownShell === true);
}

/** The stylesheet text a page inlines (its loader's `css`), or null when it links the app's stylesheets. */
export function inlinedCss(matches: readonly { handle?: unknown; data?: unknown }[]): string | null {
  for (const m of matches) {
    if ((m.handle as PageHandle | undefined)?.inlineCss !== true) continue;
    const css = (m.data as { css?: unknown } | null | undefined)?.css;
    if (typeof css === "string") return css;
  }
  return null;
}
