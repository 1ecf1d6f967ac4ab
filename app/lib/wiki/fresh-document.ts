/**
 * The server's current rendering of a wiki address, parsed (scripts inert), or null when it cannot
 * be had. The wiki's bundles take figures and charts from it rather than formatting them again.
 * Only its body is parsed: the head's inline stylesheet carries that response's nonce, and the
 * browser checks a parsed document's styles against this page's CSP (docs/decisions/606).
 */
export async function freshDocument(href: string): Promise<Document | null> {
  try {
    const res = await fetch(href, { headers: { accept: "text/html" }, credentials: "same-origin" });
    if (!res.ok) return null;
    const html = await res.text();
    const body = html.search(/<body[\s>]/i);
    return new DOMParser().parseFromString(body >= 0 ? html.slice(body) : html, "text/html");
  } catch {
    return null;
  }
}
