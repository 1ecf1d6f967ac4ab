/**
 * The copy-trading pages' bundle (docs/decisions/357): the pages are server HTML (docs/decisions/019).
 * In simulation mode, which only the browser knows (docs/decisions/701), a live page is swapped for
 * the same address in the demo environment (`?demo=1`). A signed-in reader's actions (apply, follow,
 * unfollow, visibility) come from a chunk loaded only for them; a guest loads nothing more.
 */
import { COPY_ROOT_ID, readCopyConfig } from "~/lib/copy/page-config";

/** `simulationFlag` (~/lib/http/device-identity) read without the signing client's weight. */
function simulationOn(): boolean {
  try {
    return localStorage.getItem("common:simulation") === "1";
  } catch {
    return false;
  }
}

const root = document.getElementById(COPY_ROOT_ID);
if (root) {
  const cfg = readCopyConfig(root);
  const demo = simulationOn();
  if (demo && cfg.env === "live") {
    const url = new URL(location.href);
    url.searchParams.set("demo", "1");
    location.replace(url.href);
  } else if (cfg.userId) {
    void import("~/components/copy/islands").then((m) => m.mountCopyIslands(root, cfg, demo));
  }
}
