/**
 * The header's preferences on pages that do not hydrate (docs/decisions/019): the settings form
 * posts to /prefs on every change, as the app's panel does, and comes back to this page. A
 * language change on a prefixed address comes back under the new language's prefix (the prefix
 * beats the cookie, docs/decisions/008). Escape and a click outside close the panel. A logged-in
 * visitor's "Log out" loads the signing client when pressed and logs out as the app does. On a
 * phone the header's menu toggle opens and closes the folded menu.
 */
import { localizePath, splitLocalePath, switchLocalePath } from "~/lib/i18n/locale-path";

const panel = document.querySelector<HTMLDetailsElement>("details.settings");
const form = panel?.querySelector<HTMLFormElement>('form[action="/prefs"]');

if (panel && form) {
  form.addEventListener("change", (event) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    if (field.name === "language") {
      const back = form.querySelector<HTMLInputElement>('input[name="redirectTo"]');
      if (back && splitLocalePath(location.pathname).prefix)
        back.value = switchLocalePath(location.pathname, field.value) + location.search;
    }
    form.requestSubmit();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && panel.open) {
      panel.open = false;
      panel.querySelector("summary")?.focus();
    }
  });
  document.addEventListener("pointerdown", (e) => {
    if (panel.open && !panel.contains(e.target as Node)) panel.open = false;
  });
}

const logoutButton = document.querySelector<HTMLButtonElement>("header.site-header .header-end > button");
if (logoutButton) {
  logoutButton.addEventListener("click", () => {
    logoutButton.disabled = true;
    logoutButton.setAttribute("aria-busy", "true");
    let pem: string | undefined;
    try {
      pem = JSON.parse(document.getElementById("issuer-cert")?.textContent ?? "null") ?? undefined;
    } catch {
      pem = undefined;
    }
    const home = localizePath("/", splitLocalePath(location.pathname).prefix);
    void import("~/lib/wiki/logout").then((m) => m.logOutFromPage(pem, home));
  });
}

// Below 768 px the header folds into a menu (docs/decisions/704); here the toggle the app's header
// drives with React is driven by hand: open and close, Escape closes and gives focus back.
const toggle = document.querySelector<HTMLButtonElement>("header.site-header .menu-toggle");
const menu = document.getElementById("site-menu");
if (toggle && menu) {
  const icon = toggle.querySelector("path");
  const closedIcon = icon?.getAttribute("d") ?? "";
  const setOpen = (open: boolean) => {
    menu.dataset.open = String(open);
    toggle.setAttribute("aria-expanded", String(open));
    icon?.setAttribute("d", open ? "M6 6l12 12M18 6 6 18" : closedIcon);
  };
  toggle.addEventListener("click", () => setOpen(menu.dataset.open !== "true"));
  menu.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && menu.dataset.open === "true") {
      setOpen(false);
      toggle.focus();
    }
  });
}
