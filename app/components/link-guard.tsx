import { useNavigate } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { installClickGuard } from "~/lib/links/click-guard";
import { EMPTY_POLICY, type LinkPolicy } from "~/lib/links/link-policy";
import { pagePolicy, setPagePolicy } from "~/lib/links/page-policy";
import { useNonce } from "./nonce";

const ELEMENT_ID = "link-policy";

const ServerPolicy = createContext<LinkPolicy | undefined>(undefined);
/** entry.server.tsx provides the configured policy from the load context (server/env.ts). */
export const LinkPolicyProvider = ServerPolicy.Provider;

/** JSON in a script element: `<` escaped, so nothing in it can close the element. */
function serialise(policy: LinkPolicy): string {
  return JSON.stringify({ hosts: policy.hosts, addresses: policy.addresses }).replace(/</g, "\\u003c");
}

function parse(json: string): LinkPolicy {
  try {
    const value = JSON.parse(json) as Partial<LinkPolicy>;
    const strings = (a: unknown) => (Array.isArray(a) ? a.filter((x): x is string => typeof x === "string") : []);
    return { hosts: strings(value.hosts), addresses: strings(value.addresses) };
  } catch {
    return EMPTY_POLICY;
  }
}

let installed = false;
/** What the server wrote, read once: after an error page has replaced the app, the element is gone. */
let documentJson: string | undefined;

function readDocumentJson(): string {
  documentJson ??= document.getElementById(ELEMENT_ID)?.textContent ?? "";
  return documentJson;
}

/**
 * Hands the link allow-list to the browser (a JSON script the server writes and the browser
 * reads back) and installs the capture-phase click guard once per page. It stays installed for
 * the life of the page, so an error page reached later is guarded too (a document that is itself
 * an error page, rendered by the root's error boundary, has only the app's own links).
 */
export function LinkGuard() {
  const fromServer = useContext(ServerPolicy);
  const nonce = useNonce();
  const [json] = useState(() => (fromServer ? serialise(fromServer) : typeof document === "undefined" ? "" : readDocumentJson()));
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    setPagePolicy(parse(json));
    if (installed) return;
    installed = true;
    installClickGuard(window, { policy: pagePolicy, navigate: (to) => navigateRef.current(to) });
  }, [json]);

  // Data, never run; it carries the nonce anyway, like every script element of the page.
  return <script type="application/json" id={ELEMENT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}
