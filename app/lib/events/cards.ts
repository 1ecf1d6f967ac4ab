import type { EventSummary } from "../../../protocol/events";

/** An event as the list shows it: its image only when from an allowed host, its page under the locale. */
export type EventCard = Omit<EventSummary, "image"> & { image: string | null; href: string };
