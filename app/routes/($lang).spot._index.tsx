import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localizePath, splitLocalePath } from "~/lib/i18n/locale-path";
import { spotPath } from "~/lib/trade/paths";

/** `/spot` is the default spot page (docs/product.md), in the same locale. */
export async function loader({ request }: LoaderFunctionArgs) {
  throw redirect(localizePath(spotPath(), splitLocalePath(new URL(request.url).pathname).prefix));
}
