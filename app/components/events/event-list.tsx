import { useTranslation } from "react-i18next";
import type { EventCard } from "~/lib/events/cards";
import { EventDates, EventState } from "./event-meta";

/** /events: one card per event, its title a plain link (the page works without JavaScript). */
export function EventList({ events, intl }: { events: EventCard[]; intl: string }) {
  const { t } = useTranslation("events");
  return (
    <div className="events-list">
      <h1>{t("list.title")}</h1>
      <p className="lead">{t("list.lead")}</p>
      {events.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <ul className="event-cards">
          {events.map((e) => (
            <li key={e.slug} className="event-card" lang={e.lang}>
              {e.image ? <img src={e.image} alt="" width={320} height={160} loading="lazy" decoding="async" /> : null}
              <div>
                <EventState state={e.state} />
                <h2>
                  <a href={e.href}>{e.title}</a>
                </h2>
                <p>{e.summary}</p>
                <EventDates startsAt={e.startsAt} endsAt={e.endsAt} intl={intl} />
                {e.kind === "trading-competition" ? <p className="muted">{t("list.participants", { count: e.participants })}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">{t("when.utc")}</p>
    </div>
  );
}
