import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

/** /wiki/page: the list's first page has one address, /wiki (docs/decisions/605); the query is kept. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  throw redirect(url.pathname.replace(/\/page\/?$/, "") + url.search, 301);
}
