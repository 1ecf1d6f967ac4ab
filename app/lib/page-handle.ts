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
}

/** A page hydrates unless one of its matched routes says it must not. */
export function hydrates(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((m) => (m.handle as PageHandle | undefined)?.hydrate === false);
}

/** A page renders its own shell when one of its matched routes says so. */
export function ownsShell(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as PageHandle | undefined)?.ownShell === true);
}
