/** What a request says about where it came from, as the web host reads it from its headers. */
export interface RequestOrigin {
  method: string;
  /** The browser's `Sec-Fetch-Site`, if it sent one. */
  secFetchSite?: string;
  /** The `Origin` header, if any. */
  origin?: string;
  /** The `Host` the request was sent to. */
  host?: string;
}

/**
 * A state-changing browser request made by another site's page (docs/decisions/010): the one rule
 * the BFF and the app's own form actions (/prefs) both refuse with 403 40300. Browsers say where a
 * request comes from; `none` is the user's own action (address bar, bookmark). Without that header an
 * `Origin` naming another host (or `null`) is cross-site unless it is one of our own hosts.
 */
export function isCrossSiteWrite(req: RequestOrigin, ownHosts: readonly string[]): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  if (req.secFetchSite !== undefined) return req.secFetchSite !== "same-origin" && req.secFetchSite !== "none";
  if (req.origin === undefined) return false;
  if (!URL.canParse(req.origin)) return true;
  const host = new URL(req.origin).host;
  return host !== req.host && !ownHosts.includes(host);
}
