import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EventDates, EventState } from "~/components/events/event-meta";
import { EventShell } from "~/components/events/event-shell";
import { JoinPanel } from "~/components/events/join-panel";
import { Leaderboard } from "~/components/events/leaderboard";
import { COMPETITION_CONFIG_ID, type CompetitionConfig } from "~/lib/events/competition-config";
import { eventJsonLd, ldJson } from "~/lib/events/json-ld";
import { loadEventPage } from "~/lib/events/page-data.server";
import { BRAND, metaT } from "~/lib/i18n/meta";
import type { PageHandle } from "~/lib/page-handle";

/** Server-rendered HTML only: chrome, live standings and enrolment come as standalone bundles (docs/decisions/019, 800). */
export const handle: PageHandle = { hydrate: false, ownShell: true, inlineCss: true };

export const loader = ({ params, request, context }: LoaderFunctionArgs) => loadEventPage(context, request, params.slug ?? "");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: `${metaT(matches, "error.notFoundTitle")} | ${BRAND}` }];
  const title = `${data.event.title} | ${BRAND}`;
  return [
    { title },
    { name: "description", content: data.event.summary },
    { property: "og:title", content: title },
    { property: "og:description", content: data.event.summary },
    { property: "og:type", content: "website" },
    { property: "og:url", content: data.pageUrl },
    ...(data.event.imageUrl ? [{ property: "og:image", content: data.event.imageUrl }] : []),
    { name: "twitter:card", content: data.event.imageUrl ? "summary_large_image" : "summary" },
  ];
};

export default function EventPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("events");
  const { event, board } = data;
  const competition = event.kind === "trading-competition";
  const sortHref = (by: "pnl" | "return") => (by === "pnl" ? data.pagePath : `${data.pagePath}?by=return`);
  const config: CompetitionConfig = {
    slug: event.slug,
    by: board?.by ?? "pnl",
    intl: data.intl,
    final: board?.final ?? event.final,
    issuerCert: data.signing?.issuerCert ?? null,
    // Templates the bundle fills itself: its placeholders kept as written.
    texts: {
      you: t("board.you"),
      yourRank: t("board.yourRank", { replace: { rank: "{{rank}}" } }),
      yourResult: t("board.yourResult", { replace: { pnl: "{{pnl}}", ret: "{{ret}}" } }),
      disqualified: t("board.disqualified"),
      joining: t("join.joining"),
      joined: t("join.joined"),
      failed: t("join.failed", { replace: { msg: "{{msg}}" } }),
      notStarted: t("join.notStarted"),
      ended: t("join.ended"),
      unavailable: t("board.unavailable"),
      final: t("board.final"),
      participants: t("board.participants", { replace: { count: "{{count}}" } }),
      copy: t("board.copy"),
      copyLabel: t("board.copyLabel", { replace: { name: "{{name}}" } }),
    },
    copyBase: data.copyBase,
  };
  const ld = eventJsonLd({ event, url: data.pageUrl, image: event.imageUrl, organizer: { name: BRAND, url: `${data.origin}/` } });
  return (
    <EventShell
      config={data.chromeConfig}
      loader={data.loader}
      chrome={data.chrome}
      bundles={[data.tracking, data.competition]}
      current="events"
    >
      <nav aria-label={t("event.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <a href={data.eventsHref}>{t("event.allEvents")}</a>
          </li>
          <li aria-current="page">{event.title}</li>
        </ol>
      </nav>
      <article className="event" lang={event.lang}>
        <header className="event-hero">
          {event.image ? <img src={event.image} alt="" width={960} height={360} fetchPriority="high" decoding="async" /> : null}
          <EventState state={event.state} />
          <h1>{event.title}</h1>
          <p className="lead">{event.summary}</p>
          <EventDates startsAt={event.startsAt} endsAt={event.endsAt} intl={data.intl} />
          <p className="muted">{t("when.utc")}</p>
        </header>
        {data.fallback ? (
          <p className="notice" lang={data.pageLang}>
            {t("event.fallback")}
          </p>
        ) : null}
        {competition ? (
          <div className="event-live" lang={data.pageLang}>
            <JoinPanel
              state={event.state}
              loggedIn={Boolean(data.chromeConfig.user)}
              enrolled={board?.enrolled ?? false}
              loginHref={data.loginHref}
              spotHref={data.spotHref}
            />
            <Leaderboard board={board} intl={data.intl} sortHref={sortHref} copyBase={data.copyBase} />
          </div>
        ) : null}
        <section className="card rules" aria-labelledby="rules-title">
          <h2 id="rules-title" lang={data.pageLang}>
            {t("event.rules")}
          </h2>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: event.rulesHtml }} />
        </section>
      </article>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ldJson(ld) }} />
      {competition ? (
        <script type="application/json" id={COMPETITION_CONFIG_ID} dangerouslySetInnerHTML={{ __html: ldJson(config) }} />
      ) : null}
    </EventShell>
  );
}
