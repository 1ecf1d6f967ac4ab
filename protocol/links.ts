/**
 * The fixed parts of the link allow-list (docs/protocol.md §14). The configured parts, `{host}` and
 * `{address}`, come from the web server's environment (docs/decisions/600).
 */

/** The product's own app schemes: deep links into its native apps. */
export const APP_SCHEMES = ["mixexchange:"] as const;

/** Schemes accepted as they are, whatever follows them. `data:` only for images (below). */
export const PASS_SCHEMES = ["mailto:", "tel:", "blob:"] as const;

/** The one `data:` form accepted: an image. */
export const DATA_IMAGE_PREFIX = "data:image/";

/** Relative forms accepted (after the checks that they cannot leave the site). */
export const RELATIVE_PREFIXES = ["./", "../", "#", "/"] as const;

/**
 * The configured parts of the allow-list: the web server reads them from its environment and
 * hands them to every render (docs/decisions/600).
 */
export interface LinkPolicy {
  /** `{host}`: hosts serving this same site (URL `host` form: lowercase, punycode, non-default port). */
  hosts: readonly string[];
  /** `{address}`: external http(s) address prefixes links may lead to (normalised URLs). */
  addresses: readonly string[];
}
