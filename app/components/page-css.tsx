import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { createContext, useContext, type LinkHTMLAttributes } from "react";
import type { PageHandle } from "~/lib/page-handle";

/**
 * A hydrating page's stylesheet written into its head (`handle.criticalCss`, docs/decisions/725): the
 * server reads the text from its own build (app/utils/page-css.server.ts, handed in by entry.server),
 * the browser from the document it was given, so hydration renders the very same `<style>` and the
 * text is never sent twice (no copy in the route data). Once a document has it, it keeps it for its
 * whole life: a client navigation elsewhere links that page's stylesheets as usual, after it.
 */
export interface PageCss {
  /** The named set (`handle.criticalCss`), e.g. `trade`. */
  key: string;
  text: string;
}

/** The `id` of the `<style>` element, by which the browser finds the server's text. */
export const PAGE_CSS_ID = "page-css";

const PageCssContext = createContext<((key: string) => string | undefined) | null>(null);

/** Server only: how entry.server hands the named sets' texts to the document. */
export const PageCssProvider = PageCssContext.Provider;

/** The named set a page's matched routes ask for, or null. */
export function criticalCssOf(matches: readonly { handle?: unknown }[]): string | null {
  for (const m of matches) {
    const key = (m.handle as PageHandle | undefined)?.criticalCss;
    if (typeof key === "string") return key;
  }
  return null;
}

let fromDocument: PageCss | null | undefined;

/** The browser's copy: what the server wrote into this document, read once. */
function documentPageCss(): PageCss | null {
  if (fromDocument === undefined) {
    const style = document.getElementById(PAGE_CSS_ID);
    const key = style?.getAttribute("data-css");
    fromDocument = style && key ? { key, text: style.textContent ?? "" } : null;
  }
  return fromDocument;
}

/**
 * The stylesheet in this document's head: on the server the set the page asks for (null when it
 * asks none, or the server knows no such set), in the browser the one the server wrote, if any.
 */
export function usePageCss(key: string | null): PageCss | null {
  const lookup = useContext(PageCssContext);
  if (typeof document !== "undefined") return documentPageCss();
  const text = key !== null ? lookup?.(key) : undefined;
  return key !== null && text !== undefined ? { key, text } : null;
}

type Descriptor = LinkHTMLAttributes<HTMLLinkElement> & { page?: string };

/**
 * Remix's `<Links />` for a page whose stylesheets are all in its inlined `<style>`: the routes'
 * other links (icon, manifest…), without their stylesheets or the Vite CSS chunks of their
 * components (`manifest.routes[id].css`), so no request blocks the first paint. The browser still
 * loads another page's stylesheets before a client navigation shows it (Remix preloads them).
 */
export function LinksWithoutStylesheets() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const seen = new Set<string>();
  const links: Descriptor[] = [];
  for (const m of matches) {
    const module = remix?.routeModules[m.id] as { links?: () => Descriptor[] } | undefined;
    for (const link of module?.links?.() ?? []) {
      if (link.rel === "stylesheet" || typeof link.page === "string") continue;
      const key = JSON.stringify(link);
      if (seen.has(key)) continue;
      seen.add(key);
      links.push(link);
    }
  }
  return (
    <>
      {links.map((link) => (
        <link key={JSON.stringify(link)} {...link} />
      ))}
    </>
  );
}
