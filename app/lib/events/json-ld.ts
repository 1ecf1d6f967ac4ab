/** Structured data of the events pages (schema.org Event), in the page's first response. */
import type { EventSummary } from "../../../protocol/events";

export interface EventLdInput {
  event: Pick<EventSummary, "title" | "summary" | "startsAt" | "endsAt" | "lang">;
  /** The page's address (absolute when the site's public origin is configured). */
  url: string;
  /** The image's address, if it may be shown. */
  image: string | null;
  organizer: { name: string; url: string };
}

export function eventJsonLd({ event, url, image, organizer }: EventLdInput): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.summary,
    startDate: new Date(event.startsAt).toISOString(),
    endDate: new Date(event.endsAt).toISOString(),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
    location: { "@type": "VirtualLocation", url },
    ...(image ? { image: [image] } : {}),
    inLanguage: event.lang,
    isAccessibleForFree: true,
    organizer: { "@type": "Organization", ...organizer },
    url,
  };
}

/** The list page: its events in order, each with its page. */
export function eventListJsonLd(items: Array<{ url: string; name: string }>, url: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    url,
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, url: item.url, name: item.name })),
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function ldJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
