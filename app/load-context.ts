import type { LinkPolicy } from "~/lib/links/link-policy";
import type { PageTexts } from "../protocol/page-i18n";

/** One standalone bundle as a page loads it: its module, the chunks it imports, its styles. */
export interface StandaloneAssets {
  script: string;
  preload: string[];
  css: string[];
}

/** What the web host passes to every loader and action (server/app.ts getLoadContext). */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's CSP nonce, for every script tag. */
    cspNonce: string;
    /** The upstream gateway's origin, for loaders' server-side calls. */
    gatewayUrl: string;
    /** Headers loaders add to their gateway calls: the visitor's address and the proxy secret (server only). */
    gatewayForward: Record<string, string>;
    /** The public origin: PUBLIC_ORIGIN, else the address the server listens on (docs/decisions/605). */
    publicOrigin: string;
    /** `<url>` entries per sitemap file before the sitemap is split (SITEMAP_URL_LIMIT). */
    sitemapUrlLimit: number;
    /** The link allow-list's configured hosts and addresses (docs/decisions/600); public by design. */
    linkPolicy: LinkPolicy;
    /** Test only (SSR_REFERENCE=on): send a reference render's digest with each page (docs/decisions/014). */
    ssrReference: boolean;
    /**
     * False when the document leaves out Remix's scripts (a matched route's `handle.hydrate === false`):
     * the root loader then sends no texts for a browser i18n that never starts (docs/decisions/607).
     */
    hydrates: boolean;
    /** The i18n namespaces the page is sent (a guest's, and a member's besides), or null for every one (docs/decisions/725). */
    i18nNamespaces: PageTexts | null;
    /** The URLs of a standalone bundle (app/standalone/<name>), for pages that ship only what they need (docs/decisions/019). */
    standalone: (name: string) => StandaloneAssets | undefined;
  }
}

export {};
