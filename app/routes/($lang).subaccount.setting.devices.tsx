import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { privatePageMeta } from "~/lib/i18n/meta";
import { DevicesTable } from "~/components/security/devices-table";
import { SecurityPage } from "~/components/security/security-page";
import { requireUser } from "~/utils/user.server";

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "security.devicesTitle");

/** Guests are sent to log in; the data is asked for by the browser, which holds the signing key. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(context, request);
  return null;
}

export default function DevicesPage() {
  return (
    <SecurityPage>
      <DevicesTable heading="h1" />
    </SecurityPage>
  );
}
