/**
 * The events chrome (header, footer, legal dialog) as one description that the server renders as
 * the placeholders' fallback and the standalone runtime mounts in the browser, so both paint the
 * same boxes (docs/decisions/800). Plain data: no React, no DOM.
 */

/** The attribute that marks a placeholder, and its three values. */
export const CHROME_SLOT_ATTR = "data-mix-chrome";
export const CHROME_SLOTS = ["header", "footer", "legal"] as const;
export type ChromeSlot = (typeof CHROME_SLOTS)[number];

/** The host page's own settings: a JSON script with this id (optional). */
export const CHROME_CONFIG_ID = "mix-chrome-config";
/** Where the loader leaves what it knows for the runtime (texts, links, the exchange's origin); never a user. */
export const CHROME_GLOBAL = "__mixChrome";
/** Set on a slot once the runtime has mounted into it. */
export const CHROME_MOUNTED_ATTR = "data-mix-chrome-mounted";
/** The legal dialog's id, also the fallback's anchor. */
export const LEGAL_ID = "mix-legal";

/** The header's links, each with a label in ChromeTexts and a path in ChromeLinks. */
type ChromeNav = "events" | "markets" | "trade" | "margin" | "futures" | "wiki" | "login" | "register" | "assets" | "subaccounts";

export interface ChromeTexts extends Record<ChromeNav, string> {
  brand: string;
  nav: string;
  /** "Signed in as {{name}}", for the account link's label. */
  signedInAs: string;
  uid: string;
  legal: string;
  legalTitle: string;
  legalBody: string[];
  close: string;
  /** "© {{year}} Mix Exchange…" */
  rights: string;
}

/** Site paths of the exchange; the runtime makes them absolute on another site. */
export interface ChromeLinks extends Record<ChromeNav, string> {
  home: string;
  account: string;
}

/** The visitor, masked as the app shows it; present only when logged in. */
export interface ChromeUser {
  name: string;
  uid: string;
}

/** What the loader hands the runtime. */
export interface ChromeBoot {
  locale: string;
  /** The BCP 47 tag of the texts, for `lang` on the mounted chrome. */
  lang: string;
  dir: "ltr" | "rtl";
  texts: ChromeTexts;
  links: ChromeLinks;
  /** The exchange's origin (where the loader came from); links are made absolute on it. */
  origin: string;
  /** The runtime's module and stylesheets (content-hashed), for the loader to add. */
  script: string;
  css: string[];
}

/** The host page's settings (all optional). */
export interface ChromePageConfig {
  user?: ChromeUser;
  /** false: the page links the chrome's styles itself. */
  styles?: boolean;
  /** The path a login should come back to. */
  returnTo?: string;
}

/** A minimal element tree both renderers understand. */
export interface ChromeElement {
  tag: string;
  attrs: Record<string, string>;
  children: Array<ChromeElement | string>;
}

const el = (tag: string, attrs: Record<string, string>, ...children: Array<ChromeElement | string>): ChromeElement => ({
  tag,
  attrs,
  children,
});

/** Masks a user id as the app shows it (`1234****89`); short ids keep their first character only. */
export function maskUid(uid: string): string {
  if (uid.includes("*")) return uid;
  return uid.length <= 6 ? `${uid.slice(0, 1)}****` : `${uid.slice(0, 4)}****${uid.slice(-2)}`;
}

/** `{{name}}`-style placeholders, replaced by plain text. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** Reads the host page's JSON settings defensively: anything malformed is ignored, never trusted. */
export function parsePageConfig(text: string | null | undefined): ChromePageConfig {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!raw || typeof raw !== "object") return {};
  const r = raw as Record<string, unknown>;
  const out: ChromePageConfig = {};
  const u = r.user as Record<string, unknown> | undefined;
  if (u && typeof u === "object" && typeof u.name === "string" && typeof u.uid === "string" && u.name.length <= 64 && u.uid.length <= 64) {
    out.user = { name: u.name, uid: maskUid(u.uid) };
  }
  if (r.styles === false) out.styles = false;
  if (typeof r.returnTo === "string" && /^\/(?!\/)/.test(r.returnTo) && r.returnTo.length <= 512) out.returnTo = r.returnTo;
  return out;
}

/** A path of the exchange as the page must link it: as is on the exchange, absolute on another site. */
export function linkOn(path: string, origin: string, pageOrigin: string): string {
  return origin && origin !== pageOrigin ? new URL(path, origin).href : path;
}

interface Model {
  texts: ChromeTexts;
  links: ChromeLinks;
  user?: ChromeUser;
  /** Turns a site path into the link the page uses. */
  href: (path: string) => string;
  returnTo?: string;
  year: number;
  /** Which nav item is the current page. */
  current?: keyof ChromeLinks;
}

const BRAND_MARK = el(
  "svg",
  { width: "24", height: "24", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
  el("path", { d: "M3 18 9 6l3 6 3-6 6 12", fill: "none", stroke: "currentColor", "stroke-width": "2.5", "stroke-linejoin": "round" }),
);

export function headerTree(m: Model): ChromeElement {
  // the whole site, as the app's own header lists it (docs/decisions/716)
  const nav = (["events", "markets", "trade", "margin", "futures", "wiki"] as const).map((k) =>
    el("li", {}, el("a", { href: m.href(m.links[k]), ...(m.current === k ? { "aria-current": "page" } : {}) }, m.texts[k])),
  );
  const login = m.returnTo ? `${m.links.login}?redirectTo=${encodeURIComponent(m.returnTo)}` : m.links.login;
  const end = m.user
    ? el(
        "div",
        { class: "mc-end" },
        // the account's pages, as the app's header offers them; the name leads to the security page
        el("a", { class: "mc-link", href: m.href(m.links.assets) }, m.texts.assets),
        el("a", { class: "mc-link", href: m.href(m.links.subaccounts) }, m.texts.subaccounts),
        el(
          "a",
          { class: "mc-user", href: m.href(m.links.account), "aria-label": fill(m.texts.signedInAs, { name: m.user.name }) },
          el("span", { class: "mc-user-name" }, m.user.name),
          el("span", { class: "mc-user-uid" }, `${m.texts.uid} ${m.user.uid}`),
        ),
      )
    : el(
        "div",
        { class: "mc-end" },
        el("a", { class: "mc-button", href: m.href(login) }, m.texts.login),
        el("a", { class: "mc-button mc-primary", href: m.href(m.links.register) }, m.texts.register),
      );
  return el(
    "header",
    { class: "mc-header" },
    // Named by its label too: on a phone the word is hidden and only the mark shows.
    el("a", { class: "mc-brand", href: m.href(m.links.home), "aria-label": m.texts.brand }, BRAND_MARK, el("span", {}, m.texts.brand)),
    el("nav", { "aria-label": m.texts.nav }, el("ul", {}, ...nav)),
    end,
  );
}

export function footerTree(m: Model): ChromeElement {
  return el(
    "footer",
    { class: "mc-footer" },
    el("p", {}, fill(m.texts.rights, { year: m.year })),
    el(
      "ul",
      {},
      el("li", {}, el("a", { href: `#${LEGAL_ID}`, class: "mc-legal-open", "aria-haspopup": "dialog" }, m.texts.legal)),
      el("li", {}, el("a", { href: m.href(m.links.events) }, m.texts.events)),
      el("li", {}, el("a", { href: m.href(m.links.wiki) }, m.texts.wiki)),
    ),
  );
}

/** The legal text: a section at the page's end without JavaScript, a modal dialog with it. */
export function legalTree(m: Model, as: "section" | "dialog"): ChromeElement {
  const titleId = `${LEGAL_ID}-title`;
  const body = [el("h2", { id: titleId }, m.texts.legalTitle), ...m.texts.legalBody.map((p) => el("p", {}, p))];
  if (as === "section") return el("section", { id: LEGAL_ID, class: "mc-legal", "aria-labelledby": titleId }, ...body);
  return el(
    "dialog",
    { id: LEGAL_ID, class: "mc-legal mc-dialog", "aria-labelledby": titleId },
    ...body,
    el("form", { method: "dialog" }, el("button", { class: "mc-button mc-primary", type: "submit" }, m.texts.close)),
  );
}

export type ChromeModel = Model;
