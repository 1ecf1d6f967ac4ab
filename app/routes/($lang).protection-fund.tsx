import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RESERVES_PATHS, type FundHistory } from "../../protocol/reserves";
import { FundCard } from "~/components/reserves/fund-chart";
import { ReservesPage } from "~/components/reserves/reserves-page";
import { BRAND, metaT } from "~/lib/i18n/meta";
import reservesCss from "~/styles/reserves.css?url";
import { callGateway } from "~/utils/gateway.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reservesCss }];

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaT(matches, "fund.title", "reserves")} | ${BRAND}` },
  { name: "description", content: metaT(matches, "fund.description", "reserves") },
];

const DAYS = 30;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const r = await callGateway<FundHistory>(context, request, `${RESERVES_PATHS.fundHistory}?days=${DAYS}`, { method: "GET" });
  return { history: r.ok ? r.data : null };
}

/** `/protection-fund`: the futures protection fund per environment, now and over 30 days (docs/decisions/714). */
export default function ProtectionFund() {
  const { t } = useTranslation("reserves");
  const { history } = useLoaderData<typeof loader>();
  return (
    <ReservesPage page="fund">
      {history ? (
        history.environments.map((f) => <FundCard key={f.env} fund={f} days={DAYS} />)
      ) : (
        <p role="alert" className="notice error">
          {t("fund.unavailable")}
        </p>
      )}
    </ReservesPage>
  );
}
