/**
 * Live prices on the wiki pages (docs/decisions/605): while the page is visible it asks the server
 * for this same address every WIKI_REFRESH_MS and copies each `[data-live]` figure that changed.
 * The server formats every figure in the visitor's currency and language, so the browser needs
 * no formatting code and shows exactly what a reload would.
 */
import { WIKI_REFRESH_MS } from "~/lib/wiki/market-view";
import { freshDocument } from "~/lib/wiki/fresh-document";

async function refresh(): Promise<void> {
  if (document.visibilityState !== "visible") return;
  const doc = await freshDocument(location.href);
  if (!doc) return;
  const fresh = new Map<string, Element>();
  doc.querySelectorAll("[data-live]").forEach((el) => fresh.set(el.getAttribute("data-live") ?? "", el));
  document.querySelectorAll("[data-live]").forEach((el) => {
    const next = fresh.get(el.getAttribute("data-live") ?? "");
    if (!next || next.innerHTML === el.innerHTML) return;
    el.innerHTML = next.innerHTML;
    el.className = next.className;
  });
}

let last = Date.now();
setInterval(() => {
  last = Date.now();
  void refresh();
}, WIKI_REFRESH_MS);
// Back from another tab after a while: catch up at once rather than at the next tick.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && Date.now() - last >= WIKI_REFRESH_MS) {
    last = Date.now();
    void refresh();
  }
});
