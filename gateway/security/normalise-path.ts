/**
 * The one spelling of a request path that routing, signing and rate limiting all see
 * (docs/decisions/010): percent-decoded once, duplicate slashes folded, dot segments resolved,
 * then re-encoded where a character cannot stand in a path as it is. The query is kept as sent.
 */
export type NormalisedUrl = { ok: true; url: string; pathname: string } | { ok: false; reason: string };

/** Characters a path segment may hold unencoded (RFC 3986 pchar without `%`). */
const PCHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;
/** A segment made only of such characters, which is every segment real clients send: kept as it is. */
const PLAIN_SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]*$/;
const MAX_URL_CHARS = 8192;
/**
 * A path already in its one spelling: non-empty segments of such characters, none starting with a
 * dot (so no `.`, `..`, `%`, `//`, backslash or control character). Every client's own path is one;
 * it normalises to itself, so the steps below are skipped (issue 31).
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9\-_~!$&'()*+,;=:@][A-Za-z0-9\-._~!$&'()*+,;=:@]*)+$/;

function encodeSegment(segment: string): string {
  if (PLAIN_SEGMENT.test(segment)) return segment;
  let out = "";
  for (const ch of segment) out += PCHAR.test(ch) ? ch : encodeURIComponent(ch);
  return out;
}

export function normaliseUrl(raw: string): NormalisedUrl {
  if (raw.length <= MAX_URL_CHARS) {
    const q = raw.indexOf("?");
    const rawPath = q < 0 ? raw : raw.slice(0, q);
    if (PLAIN_PATH.test(rawPath)) return { ok: true, url: raw, pathname: rawPath };
  }
  return normaliseUrlFully(raw);
}

/** Every step of the normalisation, whatever the path (normaliseUrl skips them for a plain one). */
export function normaliseUrlFully(raw: string): NormalisedUrl {
  if (raw.length > MAX_URL_CHARS) return { ok: false, reason: "Request URL too long" };
  const q = raw.indexOf("?");
  const rawPath = q < 0 ? raw : raw.slice(0, q);
  const query = q < 0 ? "" : raw.slice(q);
  if (!rawPath.startsWith("/")) return { ok: false, reason: "Request path must start with /" };
  if (rawPath.includes("\\")) return { ok: false, reason: "Request path must not contain a backslash" };
  // An encoded separator would name a different path after decoding: refused, never guessed.
  if (/%(2f|5c)/i.test(rawPath)) return { ok: false, reason: "Request path must not contain an encoded / or \\" };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, reason: "Request path is not valid percent-encoded UTF-8" };
  }
  // Decoded once: what is still encoded was encoded twice, a spelling no client needs.
  if (decoded.includes("%")) return { ok: false, reason: "Request path must not be percent-encoded twice" };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return { ok: false, reason: "Request path must not contain control characters" };
  const segments: string[] = [];
  const parts = decoded.split("/");
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    if (part === "..") {
      segments.pop();
      if (last) segments.push("");
    } else if (part === "." || (part === "" && !last)) {
      if (last) segments.push("");
    } else {
      segments.push(part);
    }
  }
  const encoded = "/" + segments.map(encodeSegment).join("/");
  return { ok: true, url: encoded + query, pathname: encoded };
}
