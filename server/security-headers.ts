import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { PATHS } from "../protocol/paths.ts";

export const CSP_REPORT_GROUP = "csp-endpoint";

export interface CspOptions {
  dev: boolean;
  imageOrigins: string[];
}

/** The enforced policy for one document, keyed to its nonce. */
export function contentSecurityPolicy(nonce: string, opts: CspOptions): string {
  const scriptSrc = ["'self'", `'nonce-${nonce}'`];
  const styleSrc = ["'self'", `'nonce-${nonce}'`];
  const connectSrc = ["'self'"];
  if (opts.dev) {
    // Vite's dev client injects styles and talks HMR over a socket; production never needs this.
    styleSrc.push("'unsafe-inline'");
    connectSrc.push("ws:", "wss:");
  }
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    `style-src ${styleSrc.join(" ")}`,
    // React renders style attributes for dynamic sizes; they cannot run code.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob: ${opts.imageOrigins.join(" ")}`.trim(),
    "font-src 'self' data:",
    `connect-src ${connectSrc.join(" ")}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${PATHS.cspSecurity}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join("; ");
}

/** API responses are data, never documents: the tightest policy fits them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The build's static files are no documents: a script, style sheet or icon is never framed and
 * never runs the page's inline code. A worker script or an SVG opened on its own still gets a
 * strict policy of its own, fixed, so no per-file nonce.
 */
export const ASSET_CSP = "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
// Meaningful on documents only; about 0.6 KB on each of the many files a page loads (decision 604).
const DOCUMENT_ONLY = ["Reporting-Endpoints", "X-Frame-Options", "Cross-Origin-Opener-Policy", "Permissions-Policy"];

/** `setHeaders` of express.static: runs only when a file is served, so a missing file's 404 page keeps the document's headers. */
export function setAssetHeaders(res: ServerResponse): void {
  for (const name of DOCUMENT_ONLY) res.removeHeader(name);
  res.setHeader("Content-Security-Policy", ASSET_CSP);
}

type HeaderPairs = ReadonlyArray<readonly [name: string, value: string]>;

const COMMON: HeaderPairs = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
];
const HSTS = ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as const;

/** The headers every response carries, document or data. */
export function setCommonHeaders(res: ServerResponse, secure: boolean): void {
  for (const [name, value] of COMMON) res.setHeader(name, value);
  if (secure) res.setHeader(HSTS[0], HSTS[1]);
}

const flat = (pairs: HeaderPairs): readonly string[] => Object.freeze(pairs.flat());
const API_HEADERS = {
  http: flat([...COMMON, ["Content-Security-Policy", API_CSP]]),
  https: flat([...COMMON, HSTS, ["Content-Security-Policy", API_CSP]]),
};

/**
 * Headers of a gateway (data) response passing through the BFF, flat (name, value, name, value…)
 * as `writeHead` takes them, computed once.
 */
export function apiHeaders(secure: boolean): readonly string[] {
  return secure ? API_HEADERS.https : API_HEADERS.http;
}

/**
 * Security headers on every page and asset. Documents get a fresh nonce in `res.locals.cspNonce`,
 * which the Remix handler threads into every script tag.
 */
export function securityHeaders(opts: CspOptions): RequestHandler {
  return (req, res, next) => {
    setCommonHeaders(res, req.secure);
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, opts));
    res.setHeader("Reporting-Endpoints", `${CSP_REPORT_GROUP}="${PATHS.cspSecurity}"`);
    next();
  };
}
