import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/auth/field";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { fundApi, fundErrorKey } from "~/lib/fund/api";
import { setFundPresenter } from "~/lib/http/browser-client";

/**
 * Mounted once in the root: when a web order needs the fund password first (docs/decisions/350,
 * 724), asks for it, proves it for the session's trades, and lets the order go again.
 */
export function FundTradeHost() {
  const { t } = useTranslation(["fund", "common"]);
  const [pending, setPending] = useState<((ok: boolean) => void) | null>(null);
  const [pwd, setPwd] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setFundPresenter(() => new Promise<boolean>((resolve) => setPending(() => resolve)));
    return () => setFundPresenter(async () => false);
  }, []);
  if (!pending) return null;
  const finish = (ok: boolean) => {
    setPending(null);
    setPwd("");
    setError(undefined);
    pending(ok);
  };
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await fundApi.tradeVerify(pwd);
      finish(true);
    } catch (err) {
      setError(fundErrorKey(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t("trade.title")}
      confirm={t("trade.confirm")}
      cancel={t("trade.cancel")}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => finish(false)}
    >
      <p>{t("trade.body")}</p>
      <Field
        label={t("fields.current")}
        type="password"
        autoComplete="off"
        maxLength={32}
        value={pwd}
        data-testid="trade-fund"
        error={error}
        onChange={(e) => setPwd(e.target.value)}
      />
    </ConfirmDialog>
  );
}
