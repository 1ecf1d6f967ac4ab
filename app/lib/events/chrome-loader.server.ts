/** The chrome loader's source for one locale (docs/decisions/800): a few lines that boot the hashed runtime. */
import { localeOrDefault } from "../../../protocol/locales";
import type { StandaloneAssets } from "~/load-context";
import { resourcesFor } from "~/lib/i18n/resources.server";
import { CHROME_CONFIG_ID, CHROME_GLOBAL, type ChromeBoot } from "./chrome-model";
import { chromeLinks, chromeTexts } from "./chrome-texts";
import { ldJson } from "./json-ld";

function lookup(tree: unknown, key: string): string | undefined {
  const v = (tree as Record<string, Record<string, unknown>> | undefined)?.chrome?.[key];
  return typeof v === "string" ? v : undefined;
}

export function chromeBoot(localeKey: string, chrome: StandaloneAssets, prefix: string | null): ChromeBoot {
  const info = localeOrDefault(localeKey);
  const { locale, resources } = resourcesFor(info.key);
  const own = resources[locale]?.events;
  const english = resources.en?.events;
  return {
    locale,
    lang: info.intl,
    dir: info.dir,
    texts: chromeTexts((k) => lookup(own, k) ?? lookup(english, k) ?? k),
    links: chromeLinks(prefix),
    origin: "",
    script: chrome.script,
    css: chrome.css,
  };
}

/**
 * Classic script (no CORS needed to run it): records where it came from, leaves the texts for the
 * runtime, adds the runtime's styles unless the page says it has them, then loads the runtime as a
 * module from the same origin, passing the page's nonce on.
 */
export function chromeLoaderScript(localeKey: string, chrome: StandaloneAssets, prefix: string | null): string {
  const boot = chromeBoot(localeKey, chrome, prefix);
  return `(function () {
  "use strict";
  var boot = ${ldJson(boot)};
  var me = document.currentScript;
  var base = new URL(me && me.src ? me.src : location.href, location.href).origin;
  boot.origin = base;
  window[${JSON.stringify(CHROME_GLOBAL)}] = boot;
  var styles = true;
  try {
    var page = document.getElementById(${JSON.stringify(CHROME_CONFIG_ID)});
    styles = !page || JSON.parse(page.textContent || "{}").styles !== false;
  } catch (e) {}
  if (styles) boot.css.forEach(function (href) {
    var l = document.createElement("link");
    l.rel = "stylesheet";
    l.href = new URL(href, base).href;
    document.head.appendChild(l);
  });
  var s = document.createElement("script");
  s.type = "module";
  s.src = new URL(boot.script, base).href;
  if (me && me.nonce) s.nonce = me.nonce;
  document.head.appendChild(s);
})();
`;
}
