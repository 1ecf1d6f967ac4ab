import type { AppLoadContext } from "@remix-run/node";
import { COOKIES } from "../../protocol/accounts";
import { PATHS } from "../../protocol/paths";
import { withUserInfoDefaults, type UserInfoResponse } from "../../protocol/user-info";
import { callGateway } from "./gateway.server";

export interface PageUser {
  userId: string;
  userName: string;
  subAccount: boolean;
}

/**
 * Who is logged in, for server rendering: asked of the gateway with the browser's own cookie,
 * so a logged-in page never flashes the guest header. Logged in means a user id is present.
 */
export async function currentUser(context: Pick<AppLoadContext, "gatewayUrl">, request: Request, locale: string): Promise<PageUser | null> {
  if (!request.headers.get("cookie")?.includes(`${COOKIES.session}=`)) return null;
  const r = await callGateway<UserInfoResponse>(context, request, PATHS.userInfo, { body: { locale }, locale });
  if (!r.ok) return null;
  const info = withUserInfoDefaults(r.data.userInfo);
  if (!info.userId) return null;
  return { userId: info.userId, userName: info.userName || info.loginName || info.userId, subAccount: info.subAccount };
}
