import { PATHS } from "../../../protocol/paths";
import { browserHttp, setIssuerCertificate } from "~/lib/http/browser-client";

/**
 * The header's "Log out" on a page that does not hydrate (docs/decisions/019): the same calls the
 * app's user menu makes, through the same signing client, loaded only when the button is pressed.
 * The issuer certificate the signing needs is written into the page for a logged-in visitor.
 */
export async function logOutFromPage(issuerPem: string | undefined, home: string): Promise<void> {
  setIssuerCertificate(issuerPem);
  const http = browserHttp();
  await http.post(PATHS.logout).catch(() => undefined);
  await http.post(PATHS.clearCookie).catch(() => undefined);
  window.location.assign(home);
}
