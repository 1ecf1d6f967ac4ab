import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/utils/sitemap.server";

export function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(context.publicOrigin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
