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
      <div>
        <dt>{t("when.starts")}</dt>
        <dd>
          <time dateTime={new Date(startsAt).toISOString()}>{eventDateTime(startsAt, intl)} UTC</time>
        </dd>
      </div>
      <div>
        <dt>{t("when.ends")}</dt>
        <dd>
          <time dateTime={new Date(endsAt).toISOString()}>{eventDateTime(endsAt, intl)} UTC</time>
        </dd>
      </div>
    </dl>
  );
}
