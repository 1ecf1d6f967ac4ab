import { EMPTY_POLICY, type LinkPolicy } from "./link-policy";

let configured: LinkPolicy = EMPTY_POLICY;

/** The policy the server handed this page (link-guard.tsx reads it from the document). */
export function setPagePolicy(policy: LinkPolicy): void {
  configured = policy;
}

/** The configured policy, plus the host the page is served from: the browser knows where it is. */
export function pagePolicy(): LinkPolicy {
  const own = typeof location === "undefined" ? "" : location.host;
  if (!own || configured.hosts.includes(own)) return configured;
  return { ...configured, hosts: [...configured.hosts, own] };
}
