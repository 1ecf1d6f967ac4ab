import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData,
} from "@remix-run/react";
import { useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { localeOrDefault } from "../protocol/locales";
import { createI18n } from "./lib/i18n/instance";
import { resourcesFor } from "./lib/i18n/resources.server";
import { issuerCertPem } from "./utils/issuer-cert.server";
import { currentUser } from "./utils/user.server";
import { setIssuerCertificate } from "./lib/http/browser-client";
import { Toaster } from "./components/ui/toast";
import { useNonce } from "./components/nonce";
import { SiteHeader } from "./components/site-header";
import { SiteFooter } from "./components/site-footer";
import { CaptchaHost } from "./components/captcha-host";
import { TrackingHost } from "./components/tracking-host";
import globalCss from "./styles/global.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: globalCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale, resources } = resourcesFor("en");
  const info = localeOrDefault(locale);
  return {
    locale, lang: info.intl, dir: info.dir, theme: "white" as const, resources,
    issuerCert: issuerCertPem() ?? null,
    user: await currentUser(context, request, locale),
  };
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // The certificate must be known before the first signed or encrypted call.
  if (typeof window !== "undefined") setIssuerCertificate(data?.issuerCert ?? undefined);
  const i18n = useMemo(() => createI18n(data?.locale ?? "en", data?.resources ?? {}), [data?.locale, data?.resources]);
  return (
    <html lang={data?.lang ?? "en"} dir={data?.dir ?? "ltr"} className={data?.theme ?? "white"} data-locale={data?.locale ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          {children}
          <Toaster />
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  return <Document>{children}</Document>;
}

export default function App() {
  const { t } = useTranslation("common");
  return (
    <>
      <a className="skip-link" href="#main">{t("a11y.skipToContent")}</a>
      <SiteHeader />
      <main id="main" className="page">
        <Outlet />
      </main>
      <SiteFooter />
      <CaptchaHost />
      <TrackingHost />
    </>
  );
}

/** Every error renders inside the document, with the status the loader or router gave. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("common");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <SiteHeader />
      <main id="main" className="page error-page">
        <h1>{t(notFound ? "error.notFoundTitle" : "error.genericTitle")}</h1>
        <p>{t(notFound ? "error.notFoundBody" : "error.genericBody")}</p>
        <Link to="/" className="button primary">{t("error.backHome")}</Link>
      </main>
      <SiteFooter />
      <TrackingHost />
    </>
  );
}
