import type { ImgDomainConfig } from "~/lib/http/image-domains";
import { setFastestHost } from "./fastest-host";
import { chooseImageHost, forgetFastest, PROBE_TIMEOUT_MS } from "./image-hosts";
import { installImageRetry } from "./image-retry";

/** Loads one image; resolves when it is there, rejects on an error or after PROBE_TIMEOUT_MS. */
function probeImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const timer = setTimeout(() => reject(new Error("probe timed out")), PROBE_TIMEOUT_MS);
    img.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    img.onerror = () => {
      clearTimeout(timer);
      reject(new Error("probe failed"));
    };
    img.src = url;
  });
}

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked: probe on every page
  }
}

let started = false;

/**
 * Once per page: the retry of failed images, the image domain lists (from `fetchConfig`), the
 * fastest host (stored or probed), then `onChosen` and the shared fastest-host store. Kept apart
 * from the app's HTTP client so pages without hydration can start it with a plain fetch
 * (docs/decisions/019, 602).
 */
export function startImageHostsWith(
  fetchConfig: () => Promise<unknown>,
  onChosen?: (config: ImgDomainConfig, fastest: string) => void,
): void {
  if (started) return;
  started = true;
  const storage = localStore();
  installImageRetry(document, (host) => forgetFastest(storage, host));
  chooseImageHost({ fetchConfig, probe: probeImage, storage, now: Date.now })
    .then(({ config, fastest }) => {
      if (!fastest) return;
      onChosen?.(config, fastest);
      setFastestHost(config, fastest);
    })
    .catch((err: unknown) => console.warn(`[images] image hosts not loaded: ${String(err)}`));
}
