import { PATHS } from "../../../protocol/paths";
import { browserHttp, setImageRewriter } from "~/lib/http/browser-client";
import { imageRewriter } from "~/lib/http/image-domains";
import { startImageHostsWith } from "./start-image-hosts";

/**
 * Once per page: the retry of failed images, the image domain lists, the fastest host (stored or
 * probed), then the rewriting of results and of the addresses images are rendered with.
 */
export function startImageHosts(): void {
  startImageHostsWith(
    () => browserHttp().get(PATHS.domainConfigList),
    (config, fastest) => setImageRewriter(imageRewriter(config, fastest)),
  );
}
