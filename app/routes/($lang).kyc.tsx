import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localizePath, splitLocalePath } from "~/lib/i18n/locale-path";

/** `/kyc` is identity verification at `/account/kyc` (docs/decisions/352), in the same locale. */
export async function loader({ request }: LoaderFunctionArgs) {
  throw redirect(localizePath("/account/kyc", splitLocalePath(new URL(request.url).pathname).prefix));
}
