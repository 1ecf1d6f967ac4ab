import { useNonce } from "~/components/nonce";
import { useRootData } from "~/lib/root-data";

/**
 * For a logged-in visitor on a page that does not hydrate, the issuer certificate the signing
 * client needs to log out (it is in every hydrated page's root data anyway); nothing for a guest.
 */
export function IssuerCertForLogout() {
  const nonce = useNonce();
  const data = useRootData();
  if (!data?.user || !data.issuerCert) return null;
  return (
    <script
      type="application/json"
      id="issuer-cert"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data.issuerCert).replace(/</g, "\\u003c") }}
    />
  );
}
