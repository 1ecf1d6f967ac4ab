/**
 * The events chrome's runtime (docs/decisions/800): mounts the header, footer and legal dialog into
 * a page's placeholders, ours or another site's. The loader leaves the texts and links; the page
 * may name the visitor, and only a logged-in page does.
 */
import "~/components/events/chrome.css";
import {
  CHROME_CONFIG_ID,
  CHROME_GLOBAL,
  CHROME_MOUNTED_ATTR,
  CHROME_SLOT_ATTR,
  LEGAL_ID,
  footerTree,
  headerTree,
  legalTree,
  linkOn,
  parsePageConfig,
  type ChromeBoot,
  type ChromeLinks,
  type ChromeModel,
} from "~/lib/events/chrome-model";
import { toDom } from "~/lib/events/chrome-dom";

/** The nav item a page is under, from its path (another site's pages are none of ours). */
function currentOf(boot: ChromeBoot): keyof ChromeLinks | undefined {
  if (boot.origin !== location.origin) return undefined;
  return /(^|\/)events(\/|$)/.test(location.pathname) ? "events" : undefined;
}

function mount(boot: ChromeBoot): void {
  const page = parsePageConfig(document.getElementById(CHROME_CONFIG_ID)?.textContent);
  const model: ChromeModel = {
    texts: boot.texts,
    links: boot.links,
    user: page.user,
    href: (p) => linkOn(p, boot.origin, location.origin),
    returnTo: boot.origin === location.origin ? page.returnTo : undefined,
    year: new Date().getUTCFullYear(),
    current: currentOf(boot),
  };
  const trees = { header: () => headerTree(model), footer: () => footerTree(model), legal: () => legalTree(model, "dialog") };
  const slots = [...document.querySelectorAll<HTMLElement>(`[${CHROME_SLOT_ATTR}]`)];
  for (const slot of slots) {
    const kind = slot.getAttribute(CHROME_SLOT_ATTR) as keyof typeof trees;
    if (!(kind in trees)) continue;
    slot.replaceChildren(toDom(trees[kind](), document));
    // Another site's page may be in another language; the chrome speaks its own.
    if (document.documentElement.lang !== boot.lang) {
      slot.lang = boot.lang;
      slot.dir = boot.dir;
    }
    slot.setAttribute(CHROME_MOUNTED_ATTR, "true");
  }
  if (!slots.some((s) => s.getAttribute(CHROME_SLOT_ATTR) === "legal")) document.body.append(toDom(trees.legal(), document));
  const dialog = document.getElementById(LEGAL_ID);
  document.addEventListener("click", (e) => {
    const opener = (e.target as Element | null)?.closest?.(".mc-legal-open");
    if (!opener || !(dialog instanceof HTMLDialogElement)) return;
    e.preventDefault();
    dialog.showModal();
  });
}

const boot = (window as unknown as Record<string, ChromeBoot | undefined>)[CHROME_GLOBAL];
if (boot) mount(boot);
else console.warn("events chrome: load it through its loader script");
