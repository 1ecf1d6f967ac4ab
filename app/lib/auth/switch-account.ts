import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { browserHttp } from "~/lib/http/browser-client";

/**
 * Switches the session to another account of the same owner (the encrypted switchWeb call) and
 * loads the page again, so everything on it belongs to the new account.
 */
export async function switchAccount(userId: string): Promise<void> {
  await browserHttp().post(ACCOUNT_PATHS.subSwitchWeb, { userId });
  window.location.reload();
}
