import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useContext, useMemo } from "react";
import { I18nContext, I18nextProvider, useTranslation } from "react-i18next";
import { browserI18n } from "~/lib/i18n/browser";
import { splitLocalePath } from "~/lib/i18n/locale-path";
import { prefsFromRequest } from "~/utils/prefs.server";
import { localeOf } from "~/utils/i18n.server";
import { LocaleLink } from "~/components/locale-link";
import { AlternateLinks } from "~/components/alternate-links";
import { criticalCssOf, LinksWithoutStylesheets, PAGE_CSS_ID, usePageCss } from "~/components/page-css";
import { PrefsSync } from "~/components/prefs-sync";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { useRootData, type RootData } from "~/lib/root-data";
import { hydrates, inlinedCss, ownsShell } from "~/lib/page-handle";
import { BRAND, metaT } from "~/lib/i18n/meta";
import { simulationRedirectScript } from "~/lib/simulation/allow-list";
import { pickNamespaces, resourcesFor } from "~/lib/i18n/resources.server";
import { withMember } from "../protocol/page-i18n";
import { issuerCertPem } from "~/utils/issuer-cert.server";
import { userOf } from "~/utils/user.server";
import { ratesForPage } from "~/utils/rates.server";
import { setIssuerCertificate } from "~/lib/http/browser-client";
import { Toaster } from "~/components/ui/toast";
import { useNonce } from "~/components/nonce";
import { SiteHeader } from "~/components/site-header";
import { SiteFooter } from "~/components/site-footer";
import { CaptchaHost } from "~/components/captcha-host";
import { FundTradeHost } from "~/components/fund-trade-host";
import { SimulationGuard } from "~/components/simulation-guard";
import themeCss from "~/styles/theme.css?url";
import { LinkGuard } from "~/components/link-guard";
import { ImageHosts } from "~/components/image-hosts";
import { UserInfoSync } from "~/components/user-info-sync";
import { TrackingHost } from "~/components/tracking-host";
import { PhoneTwinLink } from "~/components/phone/phone-twin-link";
import globalCss from "~/styles/global.css?url";

// The app's stylesheets are written by the document: a page may inline them instead (docs/decisions/606).
// The web app manifest and its touch icon (docs/decisions/714).
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/**
 * The error pages' title (docs/decisions/716): the root's boundary renders them, so the root's meta
 * is the one the document gets. Without an error the root adds nothing; each page titles itself.
 */
export const meta: MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: `${metaT(matches, notFound ? "error.notFoundTitle" : "error.genericTitle")} | ${BRAND}` }];
};

/**
 * Everything the first byte must already be right about: language and direction, theme, layout,
 * currency (docs/product.md), read from the address and the preference cookies, and who is logged in.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  const prefs = prefsFromRequest(request);
  const { locale, resources } = resourcesFor(await localeOf(request));
  const [user, rates] = await Promise.all([userOf(context, request), ratesForPage(context, request)]);
  return {
    locale,
    lang: prefs.locale.intl,
    dir: prefs.locale.dir,
    // Only a page that hydrates starts an i18n in the browser; encoding ≈ 70 KB of texts for one that
    // does not was a tenth of its render (docs/decisions/607). Its `meta` reads the server's texts.
    // A page that declares its namespaces gets only those and the shell's; the browser loads the rest (docs/decisions/725).
    resources: context.hydrates ? pickNamespaces(resources, withMember(context.i18nNamespaces ?? null, user !== null)) : {},
    theme: prefs.theme,
    layout: prefs.layout,
    currency: prefs.currency,
    currencyPicked: prefs.currencyPicked,
    showAsset: prefs.showAsset,
    valuationUnit: prefs.valuationUnit,
    publicOrigin: context.publicOrigin,
    issuerCert: issuerCertPem() ?? null,
    user,
    rates,
  };
}

/** A move to another locale prefix changes the language, so the root must be asked again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || splitLocalePath(currentUrl.pathname).prefix !== splitLocalePath(nextUrl.pathname).prefix;

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  // The certificate must be known before the first signed or encrypted call.
  if (typeof window !== "undefined") setIssuerCertificate(data?.issuerCert ?? undefined);
  // On the server, entry.server hands in remix-i18next's instance for this page; the browser makes
  // its own from the same options and texts, so hydration sees the same words.
  const fromServer = useContext(I18nContext)?.i18n;
  const i18n = useMemo(
    () => (fromServer && fromServer.language === data?.locale ? fromServer : browserI18n(data?.locale ?? "en", data?.resources ?? {})),
    [fromServer, data?.locale, data?.resources],
  );
  const prefs = usePagePrefs();
  const matches = useMatches();
  const hydrate = hydrates(matches);
  const css = inlinedCss(matches);
  // A hydrating page may have its stylesheets in one <style> too; the browser keeps the server's (docs/decisions/725).
  const criticalKey = criticalCssOf(matches);
  const pageCss = usePageCss(criticalKey);
  // a page without the app's scripts cannot run the simulation guard: a line in its head does its redirect
  const { pathname } = useLocation();
  const demoRedirect = hydrate ? null : simulationRedirectScript(pathname);
  return (
    <html lang={prefs.intl} dir={prefs.dir} className={prefs.theme} data-locale={prefs.locale} data-layout={prefs.layout}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={prefs.theme === "black" ? "dark" : "light"} />
        <Meta />
        {demoRedirect && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: demoRedirect }} />}
        {css !== null ? (
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
        ) : pageCss !== null ? (
          <style id={PAGE_CSS_ID} data-css={pageCss.key} nonce={nonce} dangerouslySetInnerHTML={{ __html: pageCss.text }} />
        ) : (
          <>
            <link rel="stylesheet" href={themeCss} />
            <link rel="stylesheet" href={globalCss} />
          </>
        )}
        {pageCss !== null && pageCss.key === criticalKey ? <LinksWithoutStylesheets /> : <Links />}
        <AlternateLinks origin={data?.publicOrigin ?? ""} />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          {children}
          <Toaster />
        </I18nextProvider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  return <Document>{children}</Document>;
}

export default function App() {
  const { t } = useTranslation("common");
  // A page with its own shell (the events site) gets none of the app's chrome or hosts.
  if (ownsShell(useMatches())) return <Outlet />;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("a11y.skipToContent")}
      </a>
      <SimulationGuard />
      <SiteHeader />
      <main id="main" className="page">
        <PhoneTwinLink />
        <Outlet />
      </main>
      <SiteFooter />
      <CaptchaHost />
      <FundTradeHost />
      <PrefsSync />
      <LinkGuard />
      <ImageHosts />
      <UserInfoSync />
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
      <SimulationGuard />
      <SiteHeader />
      <main id="main" className="page error-page">
        <h1>{t(notFound ? "error.notFoundTitle" : "error.genericTitle")}</h1>
        <p>{t(notFound ? "error.notFoundBody" : "error.genericBody")}</p>
        <LocaleLink to="/" className="button primary">
          {t("error.backHome")}
        </LocaleLink>
      </main>
      <SiteFooter />
      <TrackingHost />
    </>
  );
}
