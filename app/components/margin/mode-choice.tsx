import { useTranslation } from "react-i18next";
import { Segmented } from "~/components/trade/order-fields";
import { MARGIN_MODES, type MarginMode } from "~/lib/margin/api";

/** Cross or isolated: the order form's and the record pages' one choice of margin mode. */
export function ModeChoice({ mode, onMode }: { mode: MarginMode; onMode: (m: MarginMode) => void }) {
  const { t } = useTranslation("trade");
  return (
    <Segmented
      label={t("margin.mode.label")}
      value={mode}
      onChange={onMode}
      className="small"
      options={MARGIN_MODES.map((m) => ({ value: m, text: t(`margin.mode.${m}`) }))}
    />
  );
}
