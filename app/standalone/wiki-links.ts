/**
 * The link guard on pages that do not hydrate (docs/decisions/019, 600): the allow-list the server
 * wrote into the page (#link-policy) and the same capture-phase click guard the app's LinkGuard
 * installs. A brand address made relative is followed as a document load: there is no router.
 */
import { installClickGuard } from "~/lib/links/click-guard";
import { EMPTY_POLICY, type LinkPolicy } from "~/lib/links/link-policy";
import { pagePolicy, setPagePolicy } from "~/lib/links/page-policy";

function readPolicy(): LinkPolicy {
  try {
    const value = JSON.parse(document.getElementById("link-policy")?.textContent ?? "") as Partial<LinkPolicy>;
    const strings = (a: unknown) => (Array.isArray(a) ? a.filter((x): x is string => typeof x === "string") : []);
    return { hosts: strings(value.hosts), addresses: strings(value.addresses) };
  } catch {
    return EMPTY_POLICY;
  }
}

setPagePolicy(readPolicy());
installClickGuard(window, { policy: pagePolicy, navigate: (to) => location.assign(to) });
