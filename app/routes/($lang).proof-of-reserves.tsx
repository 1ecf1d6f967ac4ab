import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RESERVES_CODES, RESERVES_PATHS, type ReservesSnapshot } from "../../protocol/reserves";
import { ReservesSummary } from "~/components/reserves/reserves-summary";
import { VerifyPanel } from "~/components/reserves/verify-panel";
import { ReservesPage } from "~/components/reserves/reserves-page";
import { BRAND, metaT } from "~/lib/i18n/meta";
import reservesCss from "~/styles/reserves.css?url";
import { callGateway } from "~/utils/gateway.server";
import { userOf } from "~/utils/user.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reservesCss }];

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaT(matches, "por.title", "reserves")} | ${BRAND}` },
  { name: "description", content: metaT(matches, "por.description", "reserves") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [snapshot, user] = await Promise.all([
    callGateway<ReservesSnapshot>(context, request, RESERVES_PATHS.snapshot, { method: "GET" }),
    userOf(context, request),
  ]);
  // "none yet" is an answer; anything else (the gateway down, a timeout) is said as such
  const missing = snapshot.ok ? null : snapshot.code === RESERVES_CODES.noSnapshot ? "none" : "unavailable";
  return { snapshot: snapshot.ok ? snapshot.data : null, missing, loggedIn: user !== null };
}

/** `/proof-of-reserves`: the latest snapshot, and a logged-in user's own proof checked in the browser (docs/decisions/714). */
export default function ProofOfReserves() {
  const { t } = useTranslation("reserves");
  const { snapshot, missing, loggedIn } = useLoaderData<typeof loader>();
  return (
    <ReservesPage page="por">
      {snapshot ? (
        <>
          <ReservesSummary snapshot={snapshot} />
          <VerifyPanel snapshot={snapshot} loggedIn={loggedIn} />
        </>
      ) : (
        <p className={missing === "none" ? "notice" : "notice error"} role={missing === "none" ? "status" : "alert"}>
          {t(missing === "none" ? "por.none" : "por.unavailable")}
        </p>
      )}
    </ReservesPage>
  );
}
