import type { ClientLoaderFunctionArgs } from "@remix-run/react";

/**
 * A wiki page does not hydrate and brings its own bundles (docs/decisions/019). Reached by a link
 * in a hydrated page, the router would render it without them; this client loader turns that
 * visit into a document load instead. It never runs on a wiki page itself (nothing hydrates there).
 */
export function documentVisit({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => undefined);
}
