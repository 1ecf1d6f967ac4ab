import { PATHS } from "../../../protocol/paths";
import { browserHttp, setImageRewriter } from "~/lib/http/browser-client";
import { imageRewriter } from "~/lib/http/image-domains";
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
 * Once per page: the retry of failed images, the image domain lists, the fastest host (stored or
 * probed), then the rewriting of results and of the addresses images are rendered with.
 */
export function startImageHosts(): void {
  if (started) return;
  started = true;
  const storage = localStore();
  installImageRetry(document, (host) => forgetFastest(storage, host));
  chooseImageHost({ fetchConfig: () => browserHttp().get(PATHS.domainConfigList), probe: probeImage, storage, now: Date.now })
    .then(({ config, fastest }) => {
      if (!fastest) return;
      setImageRewriter(imageRewriter(config, fastest));
      setFastestHost(config, fastest);
    })
    .catch((err: unknown) => console.warn(`[images] image hosts not loaded: ${String(err)}`));
}
