/**
 * The events pages' server side (docs/decisions/800): content and standings from the gateway,
 * rules sanitised, images checked against the allowed hosts, the chrome's settings with the user
 * only when one is logged in, and the standalone bundles each page runs.
 */
import type { AppLoadContext } from "@remix-run/node";
import { EVENT_PATHS, EVENT_SLUG, EVENT_SLUG_MAX, type EventDetail, type EventSummary, type Leaderboard } from "../../../protocol/events";
import { localeOrDefault } from "../../../protocol/locales";
import { PATHS } from "../../../protocol/paths";
import { imageHostOf } from "~/lib/http/image-domains";
import { localizePath, splitLocalePath } from "~/lib/i18n/locale-path";
import { readImgConfig } from "~/lib/images/image-hosts";
import { checkImageSource } from "~/lib/links/link-policy";
import { callGateway } from "~/utils/gateway.server";
import { issuerCertPem } from "~/utils/issuer-cert.server";
import { APP_CSS } from "~/utils/page-css.server";
import { prefsFromRequest } from "~/utils/prefs.server";
import { sanitizeRichText } from "~/utils/rich-text.server";
import { userOf } from "~/utils/user.server";
import type { EventCard } from "./cards";
import { maskUid, type ChromePageConfig } from "./chrome-model";

type Ctx = Pick<AppLoadContext, "gatewayUrl" | "gatewayForward" | "linkPolicy" | "standalone" | "publicOrigin">;

/** The standalone bundles of the events pages. */
export const CHROME_BUNDLE = "events-chrome";
export const COMPETITION_BUNDLE = "events-competition";
export const TRACKING_BUNDLE = "page-tracking";

/** Where the chrome's loader is served, under the page's locale prefix (its texts are that locale's). */
export const CHROME_LOADER_PATH = "/events/loader.js";

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });
const unavailable = () => new Response(null, { status: 503, statusText: "Service Unavailable" });

async function imageHosts(context: Ctx, request: Request, locale: string): Promise<string[]> {
  const res = await callGateway<unknown>(context, request, PATHS.domainConfigList, { method: "GET", locale });
  const config = readImgConfig(res.ok ? res.data : null);
  return [...config.foreignDomainList, ...config.internalDomainList].map(imageHostOf).filter(Boolean);
}

/** The chrome's page settings: the visitor's masked name and id only when logged in (a guest's has no user at all). */
async function chromeConfig(context: Ctx, request: Request): Promise<ChromePageConfig> {
  const user = await userOf(context, request);
  const url = new URL(request.url);
  const config: ChromePageConfig = { styles: false, returnTo: url.pathname };
  if (user) config.user = { name: user.userName, uid: maskUid(user.userId) };
  return config;
}

function shared(context: Ctx, request: Request) {
  const prefs = prefsFromRequest(request);
  const url = new URL(request.url);
  return {
    prefs,
    locale: prefs.language,
    intl: prefs.locale.intl,
    /** The page's own address, absolute when the public origin is configured. */
    pageUrl: context.publicOrigin + url.pathname,
    origin: context.publicOrigin,
    loader: localizePath(CHROME_LOADER_PATH, splitLocalePath(url.pathname).prefix),
    chrome: context.standalone(CHROME_BUNDLE) ?? null,
    tracking: context.standalone(TRACKING_BUNDLE) ?? null,
  };
}

/** /events: every event, live first, with its checked image. */
export async function loadEventList(context: Ctx, request: Request) {
  const s = shared(context, request);
  const [list, hosts, chromeConf] = await Promise.all([
    callGateway<{ list: EventSummary[] }>(context, request, EVENT_PATHS.list, { body: { locale: s.locale }, locale: s.locale }),
    imageHosts(context, request, s.locale),
    chromeConfig(context, request),
  ]);
  if (!list.ok) throw unavailable();
  const prefix = s.prefs.localePrefix;
  const events: EventCard[] = list.data.list.map((e) => ({
    ...e,
    lang: localeOrDefault(e.lang).intl,
    image: imageOf(e.image, context, hosts),
    href: localizePath(`/events/${e.slug}`, prefix),
  }));
  return { ...pick(s), events, chromeConfig: chromeConf };
}

/**
 * An image only from this site or an allowed host. A site path stays a path in the page, so it loads
 * from whatever address the visitor used ('self' in the CSP), not only from the public origin
 * (docs/decisions/607).
 */
function imageOf(src: string, context: Ctx, hosts: string[]): string | null {
  if (!src) return null;
  const v = checkImageSource(src, context.linkPolicy, hosts);
  return v.allowed ? v.href : null;
}

/** The same image absolute on the public origin: cards and crawlers need it so. */
function absoluteImage(href: string | null, context: Ctx): string | null {
  return href !== null && href.startsWith("/") && !href.startsWith("//") ? context.publicOrigin + href : href;
}

const pick = (s: ReturnType<typeof shared>) => ({
  /** The app's stylesheets, written into the head (`handle.inlineCss`, docs/decisions/607). */
  css: APP_CSS,
  intl: s.intl,
  pageUrl: s.pageUrl,
  origin: s.origin,
  loader: s.loader,
  chrome: s.chrome,
  tracking: s.tracking,
});

/**
 * /events/{slug}: the event, its sanitised rules and the standings as this visitor sees them.
 * Another casing of a slug is sent to the canonical one; anything that cannot be a slug is a 404.
 */
export async function loadEventPage(context: Ctx, request: Request, rawSlug: string) {
  const slug = rawSlug.toLowerCase();
  if (slug.length > EVENT_SLUG_MAX || !EVENT_SLUG.test(slug)) throw notFound();
  if (slug !== rawSlug) {
    const url = new URL(request.url);
    throw new Response(null, { status: 301, headers: { Location: url.pathname.replace(/[^/]+$/, slug) + url.search } });
  }
  const s = shared(context, request);
  const by = new URL(request.url).searchParams.get("by") === "return" ? "return" : "pnl";
  const [detail, board, hosts, chromeConf] = await Promise.all([
    callGateway<EventDetail>(context, request, EVENT_PATHS.detail, { body: { slug, locale: s.locale }, locale: s.locale }),
    callGateway<Leaderboard>(context, request, EVENT_PATHS.leaderboard, { body: { slug, by }, locale: s.locale }),
    imageHosts(context, request, s.locale),
    chromeConfig(context, request),
  ]);
  if (!detail.ok && detail.status === 404) throw notFound();
  if (!detail.ok) throw unavailable();
  const prefix = s.prefs.localePrefix;
  const localize = (path: string) => (splitLocalePath(path).prefix ? path : localizePath(path, prefix));
  const competition = detail.data.kind === "trading-competition";
  const loggedIn = Boolean(chromeConf.user);
  const textLocale = localeOrDefault(detail.data.lang);
  const url = new URL(request.url);
  const image = imageOf(detail.data.image, context, hosts);
  return {
    ...pick(s),
    pagePath: url.pathname,
    pageLang: s.intl,
    eventsHref: localize("/events"),
    copyBase: localize("/copy-trading/trader"),
    /** The texts are another language's (English) than the page's. */
    fallback: textLocale.intl.split("-")[0] !== s.intl.split("-")[0],
    event: {
      ...detail.data,
      lang: textLocale.intl,
      image,
      /** For Open Graph and JSON-LD. */
      imageUrl: absoluteImage(image, context),
      rulesHtml: sanitizeRichText(detail.data.rulesHtml, { policy: context.linkPolicy, imageHosts: hosts, localize }),
    },
    board: board.ok ? board.data : null,
    competition: competition ? (context.standalone(COMPETITION_BUNDLE) ?? null) : null,
    chromeConfig: chromeConf,
    /** What the competition bundle needs to sign an enrolment: only on a logged-in page. */
    signing: loggedIn ? { issuerCert: issuerCertPem() ?? null } : null,
    loginHref: localize(`/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`),
    spotHref: localize("/spot/BTCUSDT"),
  };
}
