import { memo, useId } from "react";
import { useTranslation } from "react-i18next";
import { KLINE_INTERVALS, KLINE_STUDIES, KLINE_VIEWS, RISE_COLORS, type LocalPrefs } from "~/lib/prefs/local-prefs";
import { toggleStudy, type KlineView } from "~/lib/trade/chart/chart-prefs";

/*
 * The chart card's toolbars, apart from its candles: the card renders again at every live candle,
 * these only when one of their own settings changes (memo on their props, every setter stable), so a
 * frame of the stream does not rebuild some forty buttons and their texts (docs/decisions/725).
 */

/** A labelled row of toggle buttons, each pressed or not (the interval, view and study pickers). */
function PressedGroup<T extends string>({
  label,
  className,
  items,
  pressed,
  onPress,
  text,
  title,
}: {
  label: string;
  className?: string;
  items: readonly T[];
  pressed: (item: T) => boolean;
  onPress: (item: T) => void;
  text: (item: T) => string;
  title?: (item: T) => string;
}) {
  return (
    <div role="group" aria-label={label} className={className ? `segmented ${className}` : "segmented"}>
      {items.map((item) => (
        <button key={item} type="button" className="seg" aria-pressed={pressed(item)} title={title?.(item)} onClick={() => onPress(item)}>
          {text(item)}
        </button>
      ))}
    </div>
  );
}

/** The candle interval and the candles/depth view, in the card's head. */
export const IntervalAndViewTools = memo(function IntervalAndViewTools({
  interval,
  onInterval,
  view,
  onView,
}: {
  interval: LocalPrefs["klineInterval"];
  onInterval: (interval: LocalPrefs["klineInterval"]) => void;
  view: KlineView;
  onView: (view: KlineView) => void;
}) {
  const { t } = useTranslation("trade");
  return (
    <div className="chart-tools">
      <PressedGroup
        label={t("chart.interval")}
        className="chart-intervals"
        items={KLINE_INTERVALS}
        pressed={(i) => i === interval}
        onPress={onInterval}
        text={(i) => t(`chart.intervals.${i}`)}
        title={(i) => t(`chart.intervalNames.${i}`)}
      />
      <PressedGroup
        label={t("chart.view")}
        className="chart-views"
        items={KLINE_VIEWS}
        pressed={(v) => v === view}
        onPress={onView}
        text={(v) => t(`chart.views.${v}`)}
      />
    </div>
  );
});

interface StudyToolsProps {
  studies: LocalPrefs["klineStudies"];
  onStudies: (studies: LocalPrefs["klineStudies"]) => void;
  onEditStudies: () => void;
  /** The marks settings are a trader's only. */
  loggedIn: boolean;
  /** Whether the chart's source has plan orders to mark. */
  withPlans: boolean;
  markOrders: boolean;
  onMarkOrders: (on: boolean) => void;
  markPlans: boolean;
  onMarkPlans: (on: boolean) => void;
  markFills: boolean;
  onMarkFills: (on: boolean) => void;
  rise: LocalPrefs["riseColor"];
  onRise: (rise: LocalPrefs["riseColor"]) => void;
}

/** The studies, their settings dialog's button and the chart settings (marks, rise colour). */
export const StudyTools = memo(function StudyTools(p: StudyToolsProps) {
  const { t } = useTranslation("trade");
  const { t: tc } = useTranslation("chart");
  const settingsId = useId();
  return (
    <div className="chart-tools chart-studies">
      <PressedGroup
        label={t("chart.studies")}
        items={KLINE_STUDIES}
        pressed={(s) => p.studies.includes(s)}
        onPress={(s) => p.onStudies(toggleStudy(KLINE_STUDIES, p.studies, s))}
        text={(s) => tc(`studyNames.${s}`)}
        title={(s) => tc(`studyTitles.${s}`)}
      />
      <button type="button" className="button small" onClick={p.onEditStudies} aria-haspopup="dialog">
        {tc("settings.open")}
      </button>
      <details className="chart-settings">
        <summary>{t("chart.settings")}</summary>
        <div className="chart-settings-body" id={settingsId}>
          {p.loggedIn && (
            <fieldset>
              <legend>{t("chart.marksLegend")}</legend>
              <label className="choice">
                <input type="checkbox" checked={p.markOrders} onChange={(e) => p.onMarkOrders(e.target.checked)} />
                {t("chart.markOrders")}
              </label>
              {p.withPlans && (
                <label className="choice">
                  <input type="checkbox" checked={p.markPlans} onChange={(e) => p.onMarkPlans(e.target.checked)} />
                  {t("chart.markPlans")}
                </label>
              )}
              <label className="choice">
                <input type="checkbox" checked={p.markFills} onChange={(e) => p.onMarkFills(e.target.checked)} />
                {t("chart.markFills")}
              </label>
            </fieldset>
          )}
          <fieldset>
            <legend>{t("chart.riseColor")}</legend>
            {RISE_COLORS.map((c) => (
              <label key={c} className="choice">
                <input type="radio" name={`${settingsId}-rise`} checked={p.rise === c} onChange={() => p.onRise(c)} />
                {t(`chart.riseColors.${c}`)}
              </label>
            ))}
          </fieldset>
        </div>
      </details>
    </div>
  );
});
