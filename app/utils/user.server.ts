import { parse as parseCookie } from "cookie";
import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { COOKIES } from "../../protocol/accounts";
import { PATHS } from "../../protocol/paths";
import { withUserInfoDefaults, type UserInfoResponse } from "../../protocol/user-info";
import { callGateway } from "./gateway.server";
import { prefsFromRequest } from "./prefs.server";
import { localizePath, splitLocalePath } from "~/lib/i18n/locale-path";
import type { PageUser } from "~/lib/root-data";

/**
 * Who is logged in, for server rendering: asked of the gateway with the browser's own cookie,
 * so a logged-in page never flashes the guest header. Logged in means a user id is present.
 */
export async function currentUser(
  context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">,
  request: Request,
  locale: string,
): Promise<PageUser | null> {
  if (!parseCookie(request.headers.get("cookie") ?? "")[COOKIES.session]) return null;
  const r = await callGateway<UserInfoResponse>(context, request, PATHS.userInfo, { body: { locale }, locale });
  if (!r.ok) return null;
  const info = withUserInfoDefaults(r.data.userInfo);
  if (!info.userId) return null;
  return { userId: info.userId, userName: info.userName || info.loginName || info.userId, subAccount: info.subAccount };
}

const seen = new WeakMap<Request, Promise<PageUser | null>>();

/** The user of a page request, asked of the gateway once however many loaders want it. */
export function userOf(context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">, request: Request): Promise<PageUser | null> {
  let found = seen.get(request);
  if (!found) {
    found = currentUser(context, request, prefsFromRequest(request).language);
    seen.set(request, found);
  }
  return found;
}

/** Guard for pages that need a login: guests go to the login page (same locale) and come back after. */
export async function requireUser(context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">, request: Request): Promise<PageUser> {
  const user = await userOf(context, request);
  if (user) return user;
  const url = new URL(request.url);
  const { prefix } = splitLocalePath(url.pathname);
  throw redirect(localizePath(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, prefix));
}

/**
 * The loader of a page that needs a login and nothing else from the server: guests are sent to log
 * in; the page's data is asked for by the browser, which holds the signing key.
 */
export async function requireUserLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  await requireUser(context, request);
  return null;
}
