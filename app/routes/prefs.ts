import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { CODES } from "../../protocol/codes";
import { envelope } from "../../protocol/envelope";
import { isCrossSiteWrite } from "../../protocol/cross-site";
import { prefCookieFromText } from "~/lib/prefs/cookie-prefs";
import { safeRedirect } from "~/lib/safe-redirect";

/**
 * Saves cookie preferences (docs/product.md): form fields named after the prefs, each validated; all
 * or nothing. A fetcher gets an envelope back and the page's loaders revalidate; a plain form
 * (no script) is sent back to `redirectTo`. Posts from another site's page are refused (docs/decisions/010).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const origin = {
    method: request.method,
    secFetchSite: request.headers.get("sec-fetch-site") ?? undefined,
    origin: request.headers.get("origin") ?? undefined,
    host: request.headers.get("host") ?? undefined,
  };
  // The BFF's rule, word for word: another site's page (same-site included) may not change them.
  if (isCrossSiteWrite(origin, context.linkPolicy.hosts)) {
    return json(envelope(CODES.crossSiteRefused, "Cross-site request refused", null), { status: 403 });
  }
  const form = await request.formData().catch(() => null);
  if (!form) return json(envelope(CODES.invalidParameter, "Send the preferences as a form", null), { status: 400 });
  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers();
  let redirectTo: string | null = null;
  for (const [name, value] of form) {
    if (name === "redirectTo") {
      redirectTo = String(value);
      continue;
    }
    const cookie = typeof value === "string" ? prefCookieFromText(name, value, secure) : undefined;
    if (!cookie) return json(envelope(CODES.invalidParameter, `Invalid preference: ${name.slice(0, 32)}`, null), { status: 400 });
    headers.append("Set-Cookie", cookie);
  }
  if (!headers.has("Set-Cookie")) return json(envelope(CODES.invalidParameter, "No preference given", null), { status: 400 });
  if (redirectTo !== null) return redirect(safeRedirect(redirectTo), { headers });
  return json(envelope(CODES.ok, "success", null), { headers });
}

/** Preferences are only ever posted. */
export async function loader() {
  return json(envelope(CODES.methodNotAllowed, "Use POST", null), { status: 405 });
}
