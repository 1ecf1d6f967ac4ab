import { useTranslation } from "react-i18next";
import type { EventState } from "../../../protocol/events";
import { eventDateTime } from "~/lib/events/format";

/** The state as a word (never colour alone) and the dates as machine-readable times, in UTC. */
export function EventState({ state }: { state: EventState }) {
  const { t } = useTranslation("events");
  return <span className={`event-state state-${state}`}>{t(`state.${state}`)}</span>;
}

export function EventDates({ startsAt, endsAt, intl }: { startsAt: number; endsAt: number; intl: string }) {
  const { t } = useTranslation("events");
  return (
    <dl className="event-dates">
      {(
        [
          ["when.starts", startsAt],
          ["when.ends", endsAt],
        ] as const
      ).map(([term, at]) => (
        <div key={term}>
          <dt>{t(term)}</dt>
          <dd>
            <time dateTime={new Date(at).toISOString()}>{eventDateTime(at, intl)} UTC</time>
          </dd>
        </div>
      ))}
    </dl>
  );
}
