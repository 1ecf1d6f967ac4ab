import { imageHostOf } from "~/lib/http/image-domains";
import { fastestHost, subscribeFastestHost } from "./fastest-host";

const RETRIED = "data-img-retried";

/**
 * A failed image on one of the image hosts is loaded once more from the fastest host (docs/product.md
 * §7). A capture-phase `error` listener sees every image, rich text included; images that failed
 * before the script ran are found by a scan, and failures before the fastest host is known wait
 * for it. When the fastest host itself fails, `onHostFailed` is told.
 */
export function installImageRetry(doc: Document, onHostFailed: (host: string) => void): void {
  const waiting = new Set<HTMLImageElement>();

  const retry = (img: HTMLImageElement) => {
    const fastest = fastestHost();
    if (!fastest) {
      waiting.add(img);
      return;
    }
    const src = img.currentSrc || img.src;
    const next = fastest.rewrite(src);
    if (next === src || img.hasAttribute(RETRIED)) {
      if (URL.canParse(src) && imageHostOf(src) === fastest.host) onHostFailed(fastest.host);
      return;
    }
    img.setAttribute(RETRIED, "");
    img.src = next;
  };

  doc.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement) retry(event.target);
    },
    true,
  );
  for (const img of Array.from(doc.images)) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) retry(img);
  }
  subscribeFastestHost(() => {
    const failed = [...waiting];
    waiting.clear();
    for (const img of failed) retry(img);
  });
}
