import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useNonce } from "./components/nonce";
import { SiteHeader } from "./components/site-header";
import { SiteFooter } from "./components/site-footer";
import globalCss from "./styles/global.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: globalCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader(_args: LoaderFunctionArgs) {
  return { lang: "en", dir: "ltr" as const, theme: "white" as const };
}

function Document({ children, lang = "en", dir = "ltr", theme = "white" }: {
  children: React.ReactNode; lang?: string; dir?: "ltr" | "rtl"; theme?: string;
}) {
  const nonce = useNonce();
  return (
    <html lang={lang} dir={dir} className={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
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
    </>
  );
}
