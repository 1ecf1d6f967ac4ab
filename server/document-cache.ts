import type { RequestHandler, Response } from "express";
import { COOKIES } from "../protocol/accounts.ts";

/**
 * A micro-cache of public documents for guests (docs/decisions/606): a wiki page a visitor without
 * a session asked for is rendered once and replayed for the next `ttlMs` to any request with the
 * same address and the same Cookie header, under that request's own CSP nonce. Only complete
 * `200 text/html` answers that set no cookie are kept, at most `maxEntries` of at most `maxBytes`
 * each and `maxTotalBytes` in all (the oldest go first).
 * Requests that miss while the same document is being rendered wait for that render instead of
 * starting their own. Anyone with a session cookie always gets a fresh render: nothing private is
 * ever stored.
 */
export interface DocumentCacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  maxTotalBytes: number;
  /** Which paths (without the query) are public documents that may be kept. */
  cacheable: (path: string) => boolean;
  now?: () => number;
}

interface Entry {
  at: number;
  body: string;
  /** The body's size in bytes, counted against maxTotalBytes. */
  size: number;
  nonce: string;
  contentType: string;
}

const SESSION_COOKIES = Object.values(COOKIES);
/** Longer addresses or cookie headers are rendered every time rather than kept. */
const MAX_KEY_CHARS = 4_096;

function hasSession(cookie: string): boolean {
  return cookie.split(";").some((part) => SESSION_COOKIES.includes(part.split("=")[0]?.trim() as (typeof SESSION_COOKIES)[number]));
}

/** The wiki's documents: `/wiki`, `/wiki/page/{n}` and `/wiki/{article}`, under an optional locale prefix. */
export function isWikiDocumentPath(path: string): boolean {
  return /^\/(?:[A-Za-z]{2,4}(?:-[A-Za-z]{2,4})?\/)?wiki(?:\/[a-z0-9-]{1,80}|\/page\/[1-9]\d{0,5})?\/?$/.test(path);
}

/** The home page, `/` under an optional locale prefix: its market overview is the same for every guest (docs/decisions/722). */
export function isHomeDocumentPath(path: string): boolean {
  return /^\/(?:[A-Za-z]{2,4}(?:-[A-Za-z]{2,4})?\/?)?$/.test(path);
}

export function documentCache(opts: DocumentCacheOptions): RequestHandler & { size(): number } {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let total = 0;
  const drop = (key: string) => {
    const gone = entries.get(key);
    if (!gone) return;
    entries.delete(key);
    total -= gone.size;
  };
  /** Renders under way, by key: settled when the response is closed (sent, failed or aborted). */
  const rendering = new Map<string, Promise<void>>();

  const fresh = (key: string): Entry | undefined => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < opts.ttlMs) return hit;
    if (hit) drop(key);
    return undefined;
  };

  const replay = (res: Response, hit: Entry, nonce: string) => {
    res.status(200);
    res.setHeader("Content-Type", hit.contentType);
    // The same document under this response's nonce: its CSP header already names the new one.
    res.end(hit.body.split(hit.nonce).join(nonce));
  };

  const store = (key: string, entry: Entry) => {
    drop(key);
    entries.set(key, entry);
    total += entry.size;
    while (entries.size > opts.maxEntries || total > opts.maxTotalBytes) drop(entries.keys().next().value as string);
  };

  const capture = (res: Response, key: string, nonce: string) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let keep = true;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk)
            : undefined;
      if (!buf) return void (keep = false);
      bytes += buf.length;
      if (bytes > opts.maxBytes) return void (keep = false);
      chunks.push(Buffer.from(buf));
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      take(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      take(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response["end"];
    // Kept only once the whole answer went out: an aborted or failed render is never replayed.
    res.once("finish", () => {
      const type = String(res.getHeader("content-type") ?? "");
      if (!keep || res.statusCode !== 200 || !type.startsWith("text/html") || res.getHeader("set-cookie") !== undefined) return;
      store(key, { at: now(), body: Buffer.concat(chunks).toString("utf8"), size: bytes, nonce, contentType: type });
    });
  };

  const handler: RequestHandler = (req, res, next) => {
    const cookie = req.headers.cookie ?? "";
    const nonce = String(res.locals.cspNonce ?? "");
    if (req.method !== "GET" || !nonce || !opts.cacheable(req.path) || hasSession(cookie)) return next();
    const key = JSON.stringify([req.originalUrl, cookie]);
    if (key.length > MAX_KEY_CHARS) return next();
    const hit = fresh(key);
    if (hit) return replay(res, hit, nonce);
    const underway = rendering.get(key);
    if (underway) {
      // One render for a crowd: the others take its result, or render themselves if it kept none.
      void underway.then(() => {
        const done = fresh(key);
        if (done) replay(res, done, nonce);
        else next();
      });
      return;
    }
    let settle = () => {};
    rendering.set(key, new Promise<void>((resolve) => (settle = resolve)));
    res.once("close", () => {
      rendering.delete(key);
      settle();
    });
    capture(res, key, nonce);
    next();
  };
  return Object.assign(handler, { size: () => entries.size });
}
