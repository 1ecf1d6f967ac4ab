import { imageHostOf, imageRewriter, type ImgDomainConfig } from "~/lib/http/image-domains";

/** The page's choice of image host, once known: a tiny external store for components. */
export interface FastestHost {
  host: string;
  /** Moves an image address on any listed host to `host`; anything else comes back unchanged. */
  rewrite(address: string): string;
}

let current: FastestHost | null = null;
const listeners = new Set<() => void>();

export function setFastestHost(config: ImgDomainConfig, host: string): void {
  const rewriteAny = imageRewriter(config, host);
  current = { host: imageHostOf(host), rewrite: (address) => rewriteAny(address) as string };
  for (const l of listeners) l();
}

export function fastestHost(): FastestHost | null {
  return current;
}

export function subscribeFastestHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
