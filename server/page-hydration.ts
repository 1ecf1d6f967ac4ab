import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { pageNamespaces, type PageTexts } from "../protocol/page-i18n.ts";

type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** How many paths' answers are kept; past that the oldest is forgotten (a miss only costs a match). */
const REMEMBERED_PATHS = 2_048;

/** The route tree of a build, as Remix matches it (parents before children, by `parentId`). */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((r) => r.parentId === parentId)
    .map((r) =>
      r.index
        ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: routeTree(routes, r.id) },
    );
}

/**
 * Whether the document at a path hydrates (docs/decisions/607): false when one of the routes the path
 * matches says `handle.hydrate === false` (app/lib/page-handle.ts, docs/decisions/019), the same rule
 * the document applies when it leaves out Remix's scripts. The root loader then sends nothing only a
 * browser's React would read. A data request (`….data`, single fetch) always counts as hydrating: its
 * answer goes to a running app. Answers are kept per path, at most REMEMBERED_PATHS.
 */
export function pageHydration(routes: ServerBuild["routes"]): (path: string) => boolean {
  const tree = routeTree(routes);
  const known = new Map<string, boolean>();
  return (path) => {
    if (path.endsWith(".data")) return true;
    const kept = known.get(path);
    if (kept !== undefined) return kept;
    const matches = matchRoutes(tree, path) ?? [];
    const hydrates = !matches.some((m) => {
      const handle = routes[m.route.id ?? ""]?.module.handle as { hydrate?: unknown } | undefined;
      return handle?.hydrate === false;
    });
    if (known.size >= REMEMBERED_PATHS) known.delete(known.keys().next().value as string);
    known.set(path, hydrates);
    return hydrates;
  };
}

/**
 * The i18n namespaces the document (or data request) at a path is sent (docs/decisions/725): the
 * shell's plus those its matched routes declare in `handle.i18n` (and `handle.i18nMember` for a member), or null (every namespace) when
 * none declares. A data request (`….data`) is answered for the page it belongs to.
 */
export function pageI18n(routes: ServerBuild["routes"]): (path: string) => PageTexts | null {
  const tree = routeTree(routes);
  const known = new Map<string, PageTexts | null>();
  return (path) => {
    const page = path.endsWith(".data") ? path.slice(0, -".data".length).replace(/\/_root$/, "/") : path;
    const kept = known.get(page);
    if (kept !== undefined) return kept;
    const matches = matchRoutes(tree, page) ?? [];
    const namespaces = pageNamespaces(matches.map((m) => routes[m.route.id ?? ""]?.module.handle));
    if (known.size >= REMEMBERED_PATHS) known.delete(known.keys().next().value as string);
    known.set(page, namespaces);
    return namespaces;
  };
}
