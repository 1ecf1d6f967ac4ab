import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { findLocale } from "../../protocol/locales";

/**
 * The optional locale segment of every page (docs/product.md). An unknown first segment is a 404, not
 * English; a known one in another casing is sent to its canonical spelling so search engines
 * see one address per page.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  if (!params.lang) return null;
  const locale = findLocale(params.lang);
  if (!locale) throw new Response(null, { status: 404, statusText: "Not Found" });
  if (locale.key !== params.lang) {
    const url = new URL(request.url);
    throw redirect(url.pathname.replace(`/${params.lang}`, `/${locale.key}`) + url.search, 301);
  }
  return null;
}

export default function LocaleLayout() {
  return <Outlet />;
}
