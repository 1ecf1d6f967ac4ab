import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { paramsOf, STUDY_PARAMS, validParam, type DrawnStudy, type StudyParams } from "~/lib/trade/chart/studies";

interface Props {
  /** The studies turned on, whose settings the dialog shows. */
  studies: readonly DrawnStudy[];
  params: StudyParams;
  onApply: (params: StudyParams) => void;
  onClose: () => void;
}

/**
 * The studies' settings in a small modal dialog: one labelled number field per parameter of each
 * study turned on, checked against its range; Apply saves, Cancel or Escape leaves them as they were.
 */
export function StudySettings({ studies, params, onApply, onClose }: Props) {
  const { t } = useTranslation("chart");
  const id = useId();
  const [draft, setDraft] = useState<Record<string, Record<string, string>>>(() =>
    Object.fromEntries(studies.map((s) => [s, Object.fromEntries(Object.entries(paramsOf(s, params)).map(([k, v]) => [k, String(v)]))])),
  );
  const bad = (s: DrawnStudy, key: string) => {
    const spec = STUDY_PARAMS[s].find((p) => p.key === key)!;
    const raw = draft[s]?.[key] ?? "";
    return raw.trim() === "" || !validParam(spec, Number(raw));
  };
  const invalid = studies.some((s) => STUDY_PARAMS[s].some((p) => bad(s, p.key)));
  return (
    <ConfirmDialog
      title={t("settings.title")}
      confirm={t("settings.apply")}
      cancel={t("cancel")}
      onCancel={onClose}
      refusedBy={invalid ? `${id}-invalid` : undefined}
      onConfirm={() => {
        const next: StudyParams = { ...params };
        for (const s of studies) next[s] = Object.fromEntries(STUDY_PARAMS[s].map((p) => [p.key, Number(draft[s]![p.key])]));
        onApply(next);
      }}
    >
      {studies.length === 0 && <p>{t("settings.none")}</p>}
      <div className="study-settings">
        {studies.map((s) => (
          <fieldset key={s}>
            <legend>{t(`studyTitles.${s}`)}</legend>
            {STUDY_PARAMS[s].map((p) => {
              const field = `${id}-${s}-${p.key}`;
              return (
                <div key={p.key} className="study-param">
                  <label htmlFor={field}>{t(`params.${s}.${p.key}`)}</label>
                  <input
                    id={field}
                    type="number"
                    inputMode="decimal"
                    min={p.min}
                    max={p.max}
                    step={p.step}
                    value={draft[s]?.[p.key] ?? ""}
                    aria-invalid={bad(s, p.key) || undefined}
                    onChange={(e) => setDraft((d) => ({ ...d, [s]: { ...d[s], [p.key]: e.target.value } }))}
                  />
                </div>
              );
            })}
            <button
              type="button"
              className="button small"
              onClick={() => setDraft((d) => ({ ...d, [s]: Object.fromEntries(STUDY_PARAMS[s].map((p) => [p.key, String(p.fallback)])) }))}
            >
              {t("settings.defaults")}
            </button>
          </fieldset>
        ))}
      </div>
      {invalid && (
        <p id={`${id}-invalid`} role="alert" className="notice error">
          {t("settings.invalid")}
        </p>
      )}
    </ConfirmDialog>
  );
}
