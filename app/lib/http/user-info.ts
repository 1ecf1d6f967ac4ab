import { PATHS } from "../../../protocol/paths";
import { withUserInfoDefaults, type UserInfoResponse } from "../../../protocol/user-info";
import type { HttpClient } from "./client";

/**
 * docs/product.md / docs/decisions/504: asks who is logged in; a user id present is stored as the
 * global user id, anything else (a refusal, no id, a network error) clears it and is logged as a
 * warning. Resolves with the user id, or undefined.
 */
export async function syncUserInfo(
  http: Pick<HttpClient, "post">,
  stored: { set(userId: string | undefined): void },
  locale: string,
  warn: (message: string) => void = (m) => console.warn(m),
): Promise<string | undefined> {
  let reason: string;
  try {
    const data = await http.post<UserInfoResponse>(PATHS.userInfo, { locale });
    const userId = withUserInfoDefaults(data?.userInfo).userId;
    if (userId) {
      stored.set(userId);
      return userId;
    }
    reason = "no user id in the answer";
  } catch (err) {
    reason = err instanceof Error ? err.message : String(err);
  }
  stored.set(undefined);
  warn(`[user-info] ${reason}; the stored user id was cleared`);
  return undefined;
}
