import type { LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LOCALE, findLocale } from "../../protocol/locales";
import { chromeLoaderScript } from "~/lib/events/chrome-loader.server";

/**
 * `/events/loader.js` and `/{locale}/events/loader.js`: the stable, unhashed address other sites of
 * the operator embed. It carries the locale's chrome texts and finds the content-hashed runtime
 * (docs/decisions/800); a short cache lets a new build reach every site within minutes.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const locale = params.lang ? findLocale(params.lang) : findLocale(DEFAULT_LOCALE);
  if (!locale || (params.lang && locale.key !== params.lang))
    return new Response("/* unknown locale */\n", { status: 404, headers: JS_HEADERS });
  const chrome = context.standalone("events-chrome");
  if (!chrome) return new Response('console.warn("events chrome: not built");\n', { status: 503, headers: JS_HEADERS });
  return new Response(chromeLoaderScript(locale.key, chrome, params.lang ? locale.key : null), {
    headers: { ...JS_HEADERS, "Cache-Control": "public, max-age=300" },
  });
}

const JS_HEADERS = {
  "Content-Type": "text/javascript; charset=utf-8",
  // Other sites load it with a plain script tag; reading it needs no credentials.
  "Access-Control-Allow-Origin": "*",
  "Cross-Origin-Resource-Policy": "cross-origin",
};
