/**
 * Image-domain rewriting of results (docs/product.md): image addresses on any host of the
 * imgDomainConfig lists are moved to the host the page found fastest. Strings that are not such
 * URLs are left exactly as they are.
 */
export interface ImgDomainConfig {
  foreignDomainList: string[];
  internalDomainList: string[];
}

const IMAGE_PATH = /\.(png|jpe?g|gif|webp|svg|avif|ico)(\?|#|$)/i;

/** The host of a list entry (a bare host means https), in URL `host` form; "" if it is none. */
export function imageHostOf(entry: string): string {
  try {
    return new URL(entry.includes("://") ? entry : `https://${entry}`).host.toLowerCase();
  } catch {
    return "";
  }
}

export function imageRewriter(config: ImgDomainConfig, fastest: string): (data: unknown) => unknown {
  const known = new Set([...config.foreignDomainList, ...config.internalDomainList].map(imageHostOf).filter(Boolean));
  const target = imageHostOf(fastest);
  if (!target || known.size === 0) return (data) => data;

  const rewriteString = (s: string): string => {
    if (!s.startsWith("http") || !IMAGE_PATH.test(s)) return s;
    try {
      const url = new URL(s);
      if (!known.has(url.host.toLowerCase()) || url.host.toLowerCase() === target) return s;
      url.host = target;
      return url.toString();
    } catch {
      return s;
    }
  };

  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === "string") return rewriteString(value);
    if (depth > 32 || value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, depth + 1);
    return out;
  };
  return (data) => walk(data, 0);
}
