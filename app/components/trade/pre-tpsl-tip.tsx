import { useTranslation } from "react-i18next";
import { useLocalPref } from "~/lib/prefs/use-local-pref";

/** The tip above an order's take-profit and stop-loss fields, until the reader hides it for good (spot and futures alike). */
export function PreTpslTip({ text }: { text: string }) {
  const { t } = useTranslation("trade");
  const [hidden, setHidden] = useLocalPref("hidePreTpslTip");
  if (hidden) return null;
  return (
    <div className="tip" role="note" data-testid="pre-tpsl-tip">
      <p>{text}</p>
      <button type="button" className="button small" onClick={() => setHidden(true)}>
        {t("spot.form.tipHide")}
      </button>
    </div>
  );
}
