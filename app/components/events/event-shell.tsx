import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { StandaloneAssets } from "~/load-context";
import { useNonce } from "~/components/nonce";
import { StandaloneScripts } from "~/components/standalone-scripts";
import {
  CHROME_CONFIG_ID,
  CHROME_SLOT_ATTR,
  footerTree,
  headerTree,
  legalTree,
  type ChromeLinks,
  type ChromeModel,
  type ChromePageConfig,
} from "~/lib/events/chrome-model";
import { chromeLinks, chromeTexts } from "~/lib/events/chrome-texts";
import { ldJson } from "~/lib/events/json-ld";
import { splitLocalePath } from "~/lib/i18n/locale-path";
import { ChromeTree } from "./chrome-tree";
import chromeCss from "./chrome.css?inline";
import eventsCss from "./events.css?inline";

/** A few KB, inlined: two fewer render-blocking requests before the first paint on a phone. */
const PAGE_CSS = chromeCss + eventsCss;

export interface EventShellProps {
  children: ReactNode;
  /** The chrome's settings for this visitor (a user only when logged in). */
  config: ChromePageConfig;
  /** The chrome loader's address under this page's locale. */
  loader: string;
  chrome: StandaloneAssets | null;
  /** The page's other bundles (tracking, the competition). */
  bundles: ReadonlyArray<StandaloneAssets | null>;
  current: keyof ChromeLinks;
}

/**
 * The events pages' shell (docs/decisions/800): placeholders for the header, footer and legal
 * dialog with a server-rendered fallback of the same boxes, so the page works and does not move
 * without JavaScript, and the chrome's loader that mounts the separate runtime into them.
 */
export function EventShell({ children, config, loader, chrome, bundles, current }: EventShellProps) {
  const { t } = useTranslation("events");
  const nonce = useNonce();
  const { pathname } = useLocation();
  const model: ChromeModel = {
    texts: chromeTexts((k) => t(`chrome.${k}`)),
    links: chromeLinks(splitLocalePath(pathname).prefix),
    user: config.user,
    href: (p) => p,
    returnTo: config.returnTo,
    year: new Date().getUTCFullYear(),
    current,
  };
  return (
    <>
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: PAGE_CSS }} />
      <a className="skip-link" href="#main">
        {t("chrome.skip")}
      </a>
      <div {...{ [CHROME_SLOT_ATTR]: "header" }}>
        <ChromeTree node={headerTree(model)} />
      </div>
      <main id="main" className="events-page">
        {children}
      </main>
      <div {...{ [CHROME_SLOT_ATTR]: "footer" }}>
        <ChromeTree node={footerTree(model)} />
      </div>
      <div {...{ [CHROME_SLOT_ATTR]: "legal" }}>
        <ChromeTree node={legalTree(model, "section")} />
      </div>
      <script type="application/json" id={CHROME_CONFIG_ID} dangerouslySetInnerHTML={{ __html: ldJson(config) }} />
      {/* The loader asks for the runtime by its hashed name: fetching it now saves a round trip. */}
      {chrome ? [chrome.script, ...chrome.preload].map((href) => <link key={href} rel="modulepreload" href={href} nonce={nonce} />) : null}
      <script src={loader} nonce={nonce} defer />
      <StandaloneScripts bundles={bundles.filter((b): b is StandaloneAssets => b !== null)} />
    </>
  );
}
