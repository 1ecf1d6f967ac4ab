import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ASSET_PATHS } from "../../../protocol/assets";
import { isSmall, readHistory, type EquityHistory } from "~/lib/assets/overview";
import { useAsync } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { LoadFailed } from "~/components/trade/async-view";
import { AllocationChart, EquityChart } from "./asset-charts";
import { useAssetPage } from "./asset-shell";

/** `/asset`: total equity in the trader's unit, allocation by account and by coin, equity over time (docs/decisions/711). */
export function AssetOverview() {
  const { t } = useTranslation("assets");
  const { money, hideSmall, version } = useAssetPage();
  const [days, setDays] = useState(30);
  const load = useCallback(
    () =>
      browserHttp()
        .get<unknown>(ASSET_PATHS.equityHistory, { days: String(days) })
        .then(readHistory),
    // `version` reads the figures again after a transfer
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [days, version],
  );
  const [history] = useAsync(load);
  // the figures shown stay while another period loads, so the period's own choice keeps its focus
  const [shown, setShown] = useState<EquityHistory>();
  useEffect(() => {
    if (history.state === "ready") setShown(history.data);
  }, [history]);
  if (history.state === "error") return <LoadFailed error={history.error} text={(msg) => t("overview.failed", { msg })} />;
  const h = history.state === "ready" ? history.data : shown;
  if (!h)
    return (
      <p className="muted" aria-busy="true">
        {t("overview.loading")}
      </p>
    );
  const points = [...h.points, { ts: h.current.ts, total: h.current.total }];
  return (
    <>
      <div className="asset-total">
        <p className="muted">{t("overview.total")}</p>
        <p className="total" data-testid="asset-total">
          {money.money(h.current.total)}
        </p>
      </div>
      <div className="asset-charts" aria-busy={history.state !== "ready"}>
        <AllocationChart
          title={t("overview.byAccount")}
          nameHeader={t("table.account")}
          testId="allocation-accounts"
          parts={h.current.accounts.map((a) => ({ name: t(`account.${a.accountType}`), usdt: a.usdt }))}
        />
        <AllocationChart
          title={t("overview.byCoin")}
          nameHeader={t("table.coin")}
          testId="allocation-coins"
          parts={h.current.coins.filter((c) => !(hideSmall && isSmall(c.usdt))).map((c) => ({ name: c.coin, usdt: c.usdt }))}
        />
        <EquityChart points={points} intervalMs={h.intervalMs} days={days} onDays={setDays} />
      </div>
    </>
  );
}
