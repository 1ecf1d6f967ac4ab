import { useState } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import type { SpotAsset } from "~/lib/assets/valuation";
import type { Async } from "~/lib/async-state";
import { postWithToast } from "~/lib/http/post-with-toast";
import { formatCoin } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { Market } from "~/lib/trade/market";
import { DataTable, type Column } from "~/components/ui/data-table";
import { AsyncView } from "./async-view";

/** The balances of the pair's two coins; in simulation mode, the demo account can be reset. */
export function BalancesTable({
  balances,
  market,
  demo,
  onChanged,
}: {
  balances: Async<readonly SpotAsset[]>;
  market: Market;
  demo: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    const toasts = { done: t("demo.resetDone"), failed: (msg: string) => t("demo.resetFailed", { msg }) };
    if (await postWithToast(V2.paperReset, {}, toasts)) onChanged();
    setBusy(false);
    setConfirming(false);
  };
  const rows: Async<readonly SpotAsset[]> =
    balances.state === "ready"
      ? {
          state: "ready",
          data: [market.base, market.quote].map(
            (coin) => balances.data.find((b) => b.coin === coin) ?? { coin, available: "0", frozen: "0", locked: "0" },
          ),
        }
      : balances;
  const columns: ReadonlyArray<Column<SpotAsset>> = [
    { header: t("account.coin"), rowHeader: true, cell: (b) => b.coin },
    { header: t("account.available"), num: true, cell: (b) => formatCoin(b.available, b.coin, intl) },
    { header: t("account.frozen"), num: true, cell: (b) => formatCoin(b.frozen, b.coin, intl) },
  ];
  return (
    <>
      <AsyncView value={rows} empty="">
        {(list) => (
          <DataTable
            rows={list}
            columns={columns}
            rowKey={(b) => b.coin}
            className="compact"
            testId="balances"
            rowTestId={(b) => `balance-${b.coin}`}
          />
        )}
      </AsyncView>
      {demo && (
        <div className="demo-reset">
          {confirming ? (
            <>
              <p id="reset-confirm">{t("demo.resetConfirm")}</p>
              <button
                type="button"
                className="button primary"
                aria-describedby="reset-confirm"
                disabled={busy}
                aria-busy={busy}
                onClick={() => void reset()}
              >
                {t("demo.resetYes")}
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => setConfirming(false)}>
                {t("demo.resetNo")}
              </button>
            </>
          ) : (
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              {t("demo.reset")}
            </button>
          )}
        </div>
      )}
    </>
  );
}
