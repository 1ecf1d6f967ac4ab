import { imageHostOf, type ImgDomainConfig } from "~/lib/http/image-domains";

/**
 * Choosing the image host (docs/product.md): every host of imgDomainConfig is probed by loading one
 * small image; the first to answer is the fastest and is remembered in local storage for a while.
 * docs/decisions/602.
 */

/** The probe: the site icon, under 1 KB, which every image host mirrors from the site's static files. */
export const IMAGE_PROBE_PATH = "/favicon.svg";
/** Local storage key of the fastest host: `{"host": "img.example", "at": <epoch ms>}`. */
export const FASTEST_HOST_KEY = "img-fastest-host";
/** A stored choice is trusted this long, then the hosts are probed again. */
export const FASTEST_HOST_TTL_MS = 6 * 60 * 60 * 1000;
/** A host that has not answered by then is not a candidate. */
export const PROBE_TIMEOUT_MS = 5_000;

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface ImageHostDeps {
  fetchConfig(): Promise<unknown>;
  /** Resolves once the image at `url` has loaded; rejects if it fails or takes too long. */
  probe(url: string): Promise<void>;
  storage?: KeyValueStore;
  now(): number;
}

/** The lists as strings, whatever the gateway answered. */
export function readImgConfig(data: unknown): ImgDomainConfig {
  const cfg = (data as { imgDomainConfig?: Partial<Record<keyof ImgDomainConfig, unknown>> } | null)?.imgDomainConfig;
  const strings = (a: unknown) => (Array.isArray(a) ? a.filter((x): x is string => typeof x === "string" && x.trim() !== "") : []);
  return { foreignDomainList: strings(cfg?.foreignDomainList), internalDomainList: strings(cfg?.internalDomainList) };
}

/** Where to probe an entry: its own origin if it names one, else https on that host. */
export function probeUrl(entry: string, stamp: number): string {
  return `${entry.includes("://") ? new URL(entry).origin : `https://${imageHostOf(entry)}`}${IMAGE_PROBE_PATH}?probe=${stamp}`;
}

function readStored(storage: KeyValueStore | undefined): { host: string; at: number } | undefined {
  try {
    const v = JSON.parse(storage?.getItem(FASTEST_HOST_KEY) ?? "null") as { host?: unknown; at?: unknown } | null;
    return typeof v?.host === "string" && typeof v.at === "number" ? { host: v.host, at: v.at } : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the stored choice (its host failed an image): the next page probes again. */
export function forgetFastest(storage: KeyValueStore | undefined, host: string): void {
  if (readStored(storage)?.host === host) storage?.removeItem(FASTEST_HOST_KEY);
}

/** The configured lists and the fastest host (null with empty lists or when no host answered). */
export async function chooseImageHost(deps: ImageHostDeps): Promise<{ config: ImgDomainConfig; fastest: string | null }> {
  const config = readImgConfig(await deps.fetchConfig());
  const byHost = new Map<string, string>();
  for (const entry of [...config.foreignDomainList, ...config.internalDomainList]) {
    const host = imageHostOf(entry);
    if (host && !byHost.has(host)) byHost.set(host, entry);
  }
  if (byHost.size === 0) return { config, fastest: null };

  const stored = readStored(deps.storage);
  if (stored && byHost.has(stored.host) && deps.now() - stored.at < FASTEST_HOST_TTL_MS) return { config, fastest: stored.host };

  const stamp = deps.now();
  const fastest = await Promise.any([...byHost].map(([host, entry]) => deps.probe(probeUrl(entry, stamp)).then(() => host))).catch(
    () => null,
  );
  if (fastest) deps.storage?.setItem(FASTEST_HOST_KEY, JSON.stringify({ host: fastest, at: deps.now() }));
  else deps.storage?.removeItem(FASTEST_HOST_KEY);
  return { config, fastest };
}
