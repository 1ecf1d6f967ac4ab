import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EventList } from "~/components/events/event-list";
import { EventShell } from "~/components/events/event-shell";
import { BRAND, metaT } from "~/lib/i18n/meta";
import { eventListJsonLd, ldJson } from "~/lib/events/json-ld";
import { loadEventList } from "~/lib/events/page-data.server";
import type { PageHandle } from "~/lib/page-handle";

/** Server-rendered HTML only: the chrome and tracking come as standalone bundles (docs/decisions/019, 800). */
export const handle: PageHandle = { hydrate: false, ownShell: true, inlineCss: true };

export const loader = ({ request, context }: LoaderFunctionArgs) => loadEventList(context, request);

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const title = `${metaT(matches, "meta.listTitle", "events")} | ${BRAND}`;
  const description = metaT(matches, "meta.listDescription", "events");
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(data ? [{ property: "og:url", content: data.pageUrl }] : []),
    { name: "twitter:card", content: "summary" },
  ];
};

export default function EventsIndex() {
  const data = useLoaderData<typeof loader>();
  const ld = eventListJsonLd(
    data.events.map((e) => ({ url: data.origin + e.href, name: e.title })),
    data.pageUrl,
  );
  return (
    <EventShell config={data.chromeConfig} loader={data.loader} chrome={data.chrome} bundles={[data.tracking]} current="events">
      <EventList events={data.events} intl={data.intl} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ldJson(ld) }} />
    </EventShell>
  );
}
