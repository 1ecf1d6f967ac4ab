/**
 * The server's current rendering of a wiki address, parsed (scripts inert), or null when it cannot
 * be had. The wiki's bundles take figures and charts from it rather than formatting them again.
 */
export async function freshDocument(href: string): Promise<Document | null> {
  try {
    const res = await fetch(href, { headers: { accept: "text/html" }, credentials: "same-origin" });
    if (!res.ok) return null;
    return new DOMParser().parseFromString(await res.text(), "text/html");
  } catch {
    return null;
  }
}
