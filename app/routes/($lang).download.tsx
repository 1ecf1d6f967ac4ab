import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { QrCode } from "~/components/qr-code";
import { InstallApp } from "~/components/reserves/install-app";
import { ReservesPage } from "~/components/reserves/reserves-page";
import { BRAND, metaT } from "~/lib/i18n/meta";
import reservesCss from "~/styles/reserves.css?url";
import { downloadLinks } from "~/utils/download-links.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reservesCss }];

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaT(matches, "download.title", "reserves")} | ${BRAND}` },
  { name: "description", content: metaT(matches, "download.description", "reserves") },
];

export function loader({ context }: LoaderFunctionArgs) {
  return { apps: downloadLinks(context.linkPolicy, context.publicOrigin) };
}

/** `/download`: the operator's app links with their QR codes, and installing the web app (docs/decisions/714). */
export default function Download() {
  const { t } = useTranslation("reserves");
  const { apps } = useLoaderData<typeof loader>();
  return (
    <ReservesPage page="download">
      {apps.length > 0 ? (
        <ul className="app-links" aria-label={t("download.apps")}>
          {apps.map((a) => (
            <li key={a.kind} className="card app-link" data-testid={`app-${a.kind}`}>
              <QrCode value={a.qr} label={t("download.scan", { store: t(`download.${a.kind}`) })} size={160} />
              <a className="button primary" href={a.href} rel="noopener noreferrer">
                {t(`download.${a.kind}`)}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status" className="notice">
          {t("download.noApps")}
        </p>
      )}
      <InstallApp />
    </ReservesPage>
  );
}
