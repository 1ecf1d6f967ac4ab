/**
 * The article chart's ranges in place (docs/decisions/605). The chart the server drew is in the
 * first HTML; this bundle does nothing until the chart scrolls into view, then turns the range
 * links into in-place switches: it fetches the page for that range and swaps in its chart,
 * keeping the address (so a reload or a shared link shows the same range) and the focus.
 */
import { freshDocument } from "~/lib/wiki/fresh-document";

const section = document.querySelector<HTMLElement>("[data-chart]");

async function show(link: HTMLAnchorElement): Promise<void> {
  const target = new URL(link.href);
  target.hash = "";
  section?.setAttribute("aria-busy", "true");
  const doc = await freshDocument(target.href);
  const next = doc?.querySelector<HTMLElement>("[data-chart]");
  section?.removeAttribute("aria-busy");
  if (!section || !next) {
    location.assign(link.href);
    return;
  }
  section.innerHTML = next.innerHTML;
  history.replaceState(history.state, "", target.pathname + target.search + "#chart");
  section.querySelector<HTMLAnchorElement>(`a[data-range="${link.dataset.range}"]`)?.focus();
}

function arm(): void {
  section?.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-range]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void show(link);
  });
}

if (section) {
  if ("IntersectionObserver" in window) {
    const watch = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        watch.disconnect();
        arm();
      }
    });
    watch.observe(section);
  } else {
    arm();
  }
}
