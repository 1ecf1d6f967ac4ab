import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import type { CodeScene } from "../../../protocol/accounts";
import { browserHttp } from "~/lib/http/browser-client";
import { checkAccount, codeTarget, refusal, type Credentials, type FieldErrors } from "./forms";

/**
 * Sends a code to the account the form names (registration, password reset): the address is
 * checked first, as the gateway checks it. Resolves with the form's errors, empty when it went out.
 */
export async function sendAccountCode(
  scene: CodeScene,
  c: Pick<Credentials, "method" | "email" | "areaCode" | "mobile">,
): Promise<FieldErrors> {
  const found = checkAccount(c);
  if (Object.keys(found).length) return found;
  try {
    await browserHttp().post(ACCOUNT_PATHS.sendCode, { scene, ...codeTarget(c) });
    return {};
  } catch (err) {
    return refusal(err);
  }
}
