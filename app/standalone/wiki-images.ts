/**
 * Image hosts on pages that do not hydrate (docs/decisions/019, 602): the same probe, storage and
 * retry the app's ImageHosts starts (with a plain fetch of the lists), and the coin icons the server addressed on the first host
 * moved to the fastest one once it is known, as the app's Img does.
 */
import { PATHS } from "../../protocol/paths";
import { isEnvelope, isSuccessCode } from "../../protocol/envelope";
import { fastestHost, subscribeFastestHost } from "~/lib/images/fastest-host";
import { startImageHostsWith } from "~/lib/images/start-image-hosts";

/** The image domain lists by a plain GET: a public call, so no signing client is shipped for it. */
async function fetchConfig(): Promise<unknown> {
  const res = await fetch(PATHS.domainConfigList, { credentials: "same-origin" });
  const body: unknown = await res.json();
  if (!isEnvelope(body) || !isSuccessCode(body.code)) throw new Error(`domain config: HTTP ${res.status}`);
  return body.data;
}

function moveImages(): void {
  const fastest = fastestHost();
  if (!fastest) return;
  document.querySelectorAll<HTMLImageElement>("main img[src]").forEach((img) => {
    const src = img.getAttribute("src") ?? "";
    const next = fastest.rewrite(src);
    if (next !== src) img.setAttribute("src", next);
  });
}

subscribeFastestHost(moveImages);
startImageHostsWith(fetchConfig);
moveImages();
