import { APP_SCHEMES, DATA_IMAGE_PREFIX, PASS_SCHEMES, type LinkPolicy } from "../../../protocol/links";

/**
 * The href/src allow-list of docs/product.md. A value is judged the way a browser will read it: ends
 * trimmed and tabs/newlines dropped first, then parsed as a URL, never matched as raw text, so
 * case, whitespace, `//host`, `/\host`, userinfo and IDN tricks meet the same parser the browser
 * uses. What `{host}` and `{address}` are: docs/decisions/600.
 */
export type { LinkPolicy };

export const EMPTY_POLICY: LinkPolicy = { hosts: [], addresses: [] };

export type LinkVerdict =
  /** Stays on this site; `href` is relative (a brand-owned absolute address made relative). */
  | { allowed: true; kind: "site"; href: string }
  /** One of the configured external addresses; `href` is the parsed, normalised URL. */
  | { allowed: true; kind: "external"; href: string }
  /** mailto:, tel:, blob:, data:image/ or one of the product's app schemes. */
  | { allowed: true; kind: "scheme"; href: string }
  | { allowed: false; reason: string };

/** A base no real address shares, to resolve relative values against. */
const BASE = "https://resolve.invalid/base/";

// eslint-disable-next-line no-control-regex
const ENDS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Two slashes of either kind: the browser reads `//x`, `/\x`, `\\x` and `\/x` as another host. */
const NETWORK_PATH = /^[/\\]{2}/;

const deny = (reason: string): LinkVerdict => ({ allowed: false, reason });

/** What a browser's URL parser does before anything else: trim C0 controls and spaces, drop tabs and newlines. */
export function normaliseAddress(value: string): string {
  return value.replace(ENDS, "").replace(TAB_OR_NEWLINE, "");
}

/** A brand host also answers as its `www.` name. */
function isSiteHost(host: string, hosts: readonly string[]): boolean {
  return hosts.some((h) => host === h || host === `www.${h}`);
}

/** Same origin, and the path is the configured one or below it (segment by segment). */
function isAllowedAddress(url: URL, addresses: readonly string[]): boolean {
  return addresses.some((entry) => {
    if (!URL.canParse(entry)) return false;
    const allowed = new URL(entry);
    if (allowed.origin !== url.origin) return false;
    const prefix = allowed.pathname;
    return prefix.endsWith("/") ? url.pathname.startsWith(prefix) : url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
  });
}

function judgeHttp(url: URL, policy: LinkPolicy): LinkVerdict {
  if (url.protocol !== "https:" && url.protocol !== "http:") return deny(`scheme ${url.protocol} is not allowed`);
  // `https://brand.example@evil.example` is evil.example; no allowed address carries credentials.
  if (url.username || url.password) return deny("credentials in the address");
  if (isSiteHost(url.host, policy.hosts)) {
    // One leading slash: `https://brand//evil.example` must not become the network path `//evil.example`.
    return { allowed: true, kind: "site", href: `/${url.pathname.replace(/^\/+/, "")}${url.search}${url.hash}` };
  }
  if (isAllowedAddress(url, policy.addresses)) return { allowed: true, kind: "external", href: url.href };
  return deny(`${url.host} is not an allowed address`);
}

/** Judges an href or src value against the allow-list; an allowed value comes back normalised. */
export function checkLink(value: string, policy: LinkPolicy): LinkVerdict {
  const v = normaliseAddress(value);
  if (CONTROL.test(v)) return deny("control character in the address");
  if (v === "" || v.startsWith("#")) return { allowed: true, kind: "site", href: v };
  if (NETWORK_PATH.test(v)) return URL.canParse(v, BASE) ? judgeHttp(new URL(v, BASE), policy) : deny("unparsable address");
  if (v.startsWith("/") || v.startsWith("./") || v.startsWith("../")) {
    // A single-slash or dot path cannot leave the origin; checked anyway in case parsers change.
    const resolved = URL.canParse(v, BASE) ? new URL(v, BASE) : undefined;
    return resolved?.origin === new URL(BASE).origin ? { allowed: true, kind: "site", href: v } : deny("unparsable address");
  }
  const scheme = SCHEME.exec(v)?.[1]?.toLowerCase();
  if (!scheme) return deny("a relative address must start with /, ./, ../ or #");
  const withColon = `${scheme}:`;
  if ((PASS_SCHEMES as readonly string[]).includes(withColon) || (APP_SCHEMES as readonly string[]).includes(withColon)) {
    return { allowed: true, kind: "scheme", href: v };
  }
  if (scheme === "data") {
    return v.toLowerCase().startsWith(DATA_IMAGE_PREFIX)
      ? { allowed: true, kind: "scheme", href: v }
      : deny("data: is allowed for images only");
  }
  if (scheme !== "http" && scheme !== "https") return deny(`scheme ${withColon} is not allowed`);
  return URL.canParse(v) ? judgeHttp(new URL(v), policy) : deny("unparsable address");
}

/**
 * An image source: this site's own paths, `data:image/`, `blob:`, or an http(s) address on one of
 * the image hosts (hosts in URL `host` form). Anything else, including `mailto:` or a page
 * anchor, is no image.
 */
export function checkImageSource(value: string, policy: LinkPolicy, imageHosts: readonly string[]): LinkVerdict {
  const v = normaliseAddress(value);
  if (/^https?:/i.test(v) && URL.canParse(v)) {
    const url = new URL(v);
    if (!url.username && !url.password && imageHosts.includes(url.host)) return { allowed: true, kind: "external", href: url.href };
  }
  const verdict = checkLink(v, { hosts: policy.hosts, addresses: [] });
  if (!verdict.allowed) return verdict;
  if (verdict.kind === "site" && (verdict.href === "" || verdict.href.startsWith("#"))) return deny("not an image address");
  if (verdict.kind === "scheme" && !/^(data:image\/|blob:)/i.test(verdict.href)) return deny("not an image address");
  return verdict;
}
