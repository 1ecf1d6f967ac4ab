import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { browserHttp } from "~/lib/http/browser-client";
import { COPY_PATHS, SPOT_COPY_PATHS } from "~/lib/copy/api";
import { parseDecimal, compare } from "~/lib/numbers/decimal";
import { showToast } from "~/lib/toast";
import { LeadNameField, leadNameProblem, takenProblem, type LeadNameProblem } from "./lead-name";
import { useCopyErrorText } from "./use-copy";

/** The highest profit share a new lead may set (the gateway's default COPY_MAX_PROFIT_SHARE_PCT). */
export const MAX_SHARE_PCT = 10;

/** "Apply to lead" (futures, or spot on a spot page: docs/decisions/362): the profit-share rate (0–10 %), then the application through the BFF. */
export function ApplyLead({ onDone, spot = false }: { onDone: () => void; spot?: boolean }) {
  const { t } = useTranslation("copy");
  const { t: ts } = useTranslation("scopy");
  const errorText = useCopyErrorText();
  const [open, setOpen] = useState(false);
  const [share, setShare] = useState("10");
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState("");
  const [taken, setTaken] = useState<LeadNameProblem | undefined>();
  const id = useId();
  const nameProblem = leadNameProblem(name, true) ?? taken;
  const d = parseDecimal(share);
  const valid =
    d !== undefined && d.scale <= 2 && compare(d, { int: 0n, scale: 0 }) >= 0 && compare(d, { int: BigInt(MAX_SHARE_PCT), scale: 0 }) <= 0;
  const submit = async () => {
    if (!valid || nameProblem) return;
    setBusy(true);
    try {
      // the rate as a ratio: 10 % → "0.1"
      const ratio = (Number(share) / 100).toFixed(4);
      // the display name (docs/decisions/363): "" leaves the lead a generated one
      await browserHttp().post(spot ? SPOT_COPY_PATHS.traderApply : COPY_PATHS.traderApply, {
        profitShareRatio: ratio,
        nickName: name.trim(),
      });
      showToast(t("apply.done"));
      setOpen(false);
      onDone();
    } catch (e) {
      const refused = takenProblem(e);
      setTaken(refused);
      if (!refused) showToast(t("toast.failed", { msg: errorText(e) }), "notice");
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button primary" onClick={() => setOpen(true)} data-testid="copy-apply">
        {t("apply.button")}
      </button>
      {open && (
        <ConfirmDialog
          title={spot ? ts("apply.title") : t("apply.title")}
          confirm={t("apply.confirm")}
          cancel={t("common.cancel")}
          busy={busy}
          onCancel={() => setOpen(false)}
          onConfirm={() => void submit()}
          refusedBy={!valid ? `${id}-error` : nameProblem ? `${id}-name-error` : undefined}
        >
          <p>{spot ? ts("apply.conditions") : t("apply.conditions")}</p>
          <LeadNameField
            id={`${id}-name`}
            value={name}
            onChange={(v) => {
              setName(v);
              setTaken(undefined);
            }}
            problem={nameProblem}
            optional
          />
          <div className="field">
            <label htmlFor={`${id}-share`}>{t("apply.share")}</label>
            <div className="with-suffix">
              <input
                id={`${id}-share`}
                inputMode="decimal"
                autoComplete="off"
                value={share}
                onChange={(e) => setShare(e.target.value)}
                aria-invalid={valid ? undefined : true}
                aria-describedby={`${id}-hint${valid ? "" : ` ${id}-error`}`}
                data-testid="copy-apply-share"
              />
              <span className="suffix" aria-hidden="true">
                %
              </span>
            </div>
            <p id={`${id}-hint`} className="muted">
              {t("apply.shareHint", { max: MAX_SHARE_PCT })}
            </p>
            {!valid && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {t("apply.shareError", { max: MAX_SHARE_PCT })}
              </p>
            )}
          </div>
        </ConfirmDialog>
      )}
    </>
  );
}
