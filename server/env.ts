import { availableParallelism } from "node:os";
import { z } from "zod";
import type { LinkPolicy } from "../protocol/links.ts";

/** A comma-separated list; each entry normalised by `parse`, or the start fails naming the entry. */
function commaList(parse: (entry: string) => string | undefined, what: string) {
  return z
    .string()
    .optional()
    .transform((s, ctx) =>
      (s ?? "")
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean)
        .map((entry) => {
          const value = parse(entry);
          if (value === undefined) ctx.addIssue({ code: "custom", message: `${JSON.stringify(entry)} is not ${what}` });
          return value ?? "";
        }),
    );
}

/** `host[:port]` in URL `host` form (lowercase, punycode); no scheme, path, userinfo or wildcard. */
export function parseHost(entry: string): string | undefined {
  if (!/^[^\s/?#@\\*,;]+$/.test(entry) || !URL.canParse(`https://${entry}`)) return undefined;
  return new URL(`https://${entry}`).host;
}

/** An absolute http(s) address without credentials, query or fragment, normalised. */
export function parseAddress(entry: string): string | undefined {
  if (!URL.canParse(entry)) return undefined;
  const url = new URL(entry);
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) return undefined;
  return url.href;
}

/** An http(s) origin as a CSP source (a `*.` wildcard host allowed); nothing that could end the directive. */
function parseImageOrigin(entry: string): string | undefined {
  return /^https?:\/\/[^\s;,'"/\\]+\/?$/.test(entry) ? entry.replace(/\/$/, "") : undefined;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Web worker processes sharing PORT (docs/decisions/023): one per available core unless set; 1 runs no cluster. */
  WEB_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => availableParallelism()),
  GATEWAY_URL: z
    .string()
    .url()
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), "must be an http(s) URL")
    .optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  ISSUER_CERT: z.string().min(1).optional(),
  /** One log line per request (off for benchmarks). */
  REQUEST_LOG: z.enum(["on", "off"]).default("on"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Trust X-Forwarded-* from the proxy in front of us (hop count or Express trust-proxy value). */
  TRUST_PROXY: z.string().optional(),
  /** Shared with the gateway: it believes our X-Forwarded-For only with it (docs/decisions/010). */
  GATEWAY_PROXY_SECRET: z.string().min(16).optional(),
  /** Upstream timeout of the BFF (docs/protocol.md: 20 s). */
  BFF_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** Largest request body the BFF forwards. */
  BFF_BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** The site's public origin for canonical and hreflang links; never taken from request headers. */
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .refine((u) => /^https?:$/.test(new URL(u).protocol) && new URL(u).pathname === "/", "must be an http(s) origin")
    .transform((u) => new URL(u).origin)
    .optional(),
  /** `<url>` entries per sitemap file before /sitemap.xml becomes an index of parts (docs/decisions/605; Google's cap is 50,000). */
  SITEMAP_URL_LIMIT: z.coerce.number().int().min(1).max(50_000).default(10_000),
  /** Extra image hosts allowed by the CSP (comma separated origins). */
  IMAGE_ORIGINS: commaList(parseImageOrigin, "an http(s) origin"),
  /** `{host}` of the link allow-list: other hosts serving this same site (docs/decisions/600). */
  BRAND_HOSTS: commaList(parseHost, "a host[:port]"),
  /** `{address}` of the link allow-list: external address prefixes links may lead to. */
  LINK_ADDRESSES: commaList(parseAddress, "an http(s) address without credentials, query or fragment"),
  /**
   * Test only: every page is also rendered by React's web-streams build and its digest sent in
   * headers, so tests can compare the streamed bytes with it (docs/decisions/014). Doubles render work.
   */
  SSR_REFERENCE: z.enum(["on", "off"]).default("off"),
});

export type ServerEnv = z.infer<typeof EnvSchema> & {
  issuerCertPath: string;
  imageOrigins: string[];
  /** What pages may know of the link configuration: hosts and addresses, nothing else (handed to the browser). */
  linkPolicy: LinkPolicy;
};

const LOCAL_HOSTS = new Set(["0.0.0.0", "::", "127.0.0.1", "::1", "localhost", ""]);

/**
 * The public origin when PUBLIC_ORIGIN is not configured: the address the server listens on, so
 * canonical, hreflang and Open Graph URLs are absolute with a plain `npm start` (a wildcard or
 * loopback host reads as localhost). Never the request's Host header (docs/decisions/605).
 */
export function listenOrigin(host: string, port: number): string {
  const name = LOCAL_HOSTS.has(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const text = `http://${name}:${port}`;
  return URL.canParse(text) && new URL(text).hostname !== "" ? new URL(text).origin : `http://localhost${port === 80 ? "" : `:${port}`}`;
}

/** Validates the environment once at start; a bad value stops the server with a clear message. */
export function loadEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid environment: ${detail}`);
  }
  const env = parsed.data;
  return {
    ...env,
    issuerCertPath: env.ISSUER_CERT ?? `${env.DATA_DIR}/keys/issuer-cert.pem`,
    imageOrigins: env.IMAGE_ORIGINS,
    linkPolicy: {
      hosts: [...new Set([...(env.PUBLIC_ORIGIN ? [new URL(env.PUBLIC_ORIGIN).host] : []), ...env.BRAND_HOSTS])],
      addresses: [...new Set(env.LINK_ADDRESSES)],
    },
  };
}
