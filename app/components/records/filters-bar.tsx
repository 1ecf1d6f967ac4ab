import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { RANGE_IDS, timeWindow, withFilter, type FilterChoices, type RangeId, type RecordFilters } from "~/lib/records/filters";

/** A local date (`YYYY-MM-DD`) of a time, for a date field. */
const dateOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** One labelled choice of the bar; `all` adds "every value" as the empty choice. */
function Choice({
  label,
  value,
  options,
  text,
  all,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  text: (v: string) => string;
  all?: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {all !== undefined && <option value="">{all}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The filters a record list takes, each kept in the address (docs/decisions/712): time range
 * (presets, or two dates applied together), pair or coin, type and margin mode, as far as the
 * list's endpoint takes them (no Bitget history endpoint takes a side). Any change shows the newest page again.
 */
export function RecordFiltersBar({
  filters,
  choices,
  time,
  coin,
  onChange,
}: {
  filters: RecordFilters;
  choices: FilterChoices;
  time: boolean;
  coin?: boolean;
  onChange: (f: RecordFilters) => void;
}) {
  const { t } = useTranslation("records");
  const fromId = useId();
  const toId = useId();
  const initial = timeWindow(filters, Date.now());
  const [dates, setDates] = useState({ from: filters.from || dateOf(initial.startTime), to: filters.to || dateOf(initial.endTime) });
  const [range, setRange] = useState<RangeId>(filters.range);
  const set = (change: Partial<RecordFilters>) => onChange(withFilter(filters, change));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (dates.from && dates.to) set({ range: "custom", ...dates });
  };
  return (
    <form className="records-filters" role="search" aria-label={t("filter.label")} onSubmit={apply}>
      {choices.modes && (
        <Choice
          label={t("filter.mode")}
          value={filters.mode}
          options={choices.modes}
          text={(m) => t(`mode.${m}`)}
          onChange={(mode) => set({ mode })}
        />
      )}
      {time && (
        <Choice
          label={t("filter.range")}
          value={range}
          options={RANGE_IDS}
          text={(r) => t(`filter.ranges.${r}`)}
          onChange={(r) => {
            setRange(r as RangeId);
            if (r !== "custom") set({ range: r as RangeId, from: "", to: "" });
          }}
        />
      )}
      {time && range === "custom" && (
        <>
          <div className="field">
            <label htmlFor={fromId}>{t("filter.from")}</label>
            <input
              id={fromId}
              type="date"
              value={dates.from}
              max={dates.to}
              onChange={(e) => setDates({ ...dates, from: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={toId}>{t("filter.to")}</label>
            <input id={toId} type="date" value={dates.to} min={dates.from} onChange={(e) => setDates({ ...dates, to: e.target.value })} />
          </div>
          <button type="submit" className="button small">
            {t("filter.apply")}
          </button>
        </>
      )}
      {/* a list that takes no pair (the copy logs, the spot copy lists) offers none, not an "All" alone */}
      {choices.symbols && choices.symbols.length > 0 && (
        <Choice
          label={t(coin ? "filter.coin" : "filter.pair")}
          value={filters.symbol}
          options={choices.symbols}
          text={(s) => s}
          {...(choices.symbolRequired ? {} : { all: t("filter.all") })}
          onChange={(symbol) => set({ symbol })}
        />
      )}
      {choices.types && (
        <Choice
          label={t("filter.type")}
          value={filters.type}
          options={choices.types}
          text={(v) => t(`code.${v}`, { defaultValue: v })}
          all={t("filter.all")}
          onChange={(type) => set({ type })}
        />
      )}
    </form>
  );
}
