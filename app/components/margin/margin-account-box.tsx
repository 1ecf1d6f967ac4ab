import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { Segmented } from "~/components/trade/order-fields";
import { formatCoin } from "~/lib/i18n/format";
import type { MarginListing, MarginMode } from "~/lib/margin/api";
import { repayable } from "~/lib/margin/maths";
import { parseDecimal } from "~/lib/numbers/decimal";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { Market } from "~/lib/trade/market";
import { MarginMoneyDialog, type MoneyDialog } from "./margin-dialogs";
import type { MarginAccountView } from "./margin-panels";

import { RiskGauge } from "./risk-gauge";
import type { RiskInputs } from "./risk-preview";

const KINDS = ["transferIn", "transferOut", "borrow", "repay"] as const;

/**
 * Beside the form: the account's risk rate, one coin's free balance, debt and interest, and the
 * ways to move money: transfer in or out, borrow, repay (each a dialog that confirms).
 */
export function MarginAccountBox({
  view,
  mode,
  market,
  listing,
  risk,
}: {
  view: MarginAccountView;
  mode: MarginMode;
  market: Market;
  listing: MarginListing | null;
  /** What a borrow's risk preview reads (issue 26); undefined until the account is read. */
  risk: RiskInputs | undefined;
}) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const [coin, setCoin] = useState(market.quote);
  const [dialog, setDialog] = useState<MoneyDialog["kind"]>();
  const assets = view.assets.state === "ready" ? view.assets.data : [];
  const asset = assets.find((a) => a.coin === coin);
  const borrowable = coin === market.base ? view.borrowable.base : view.borrowable.quote;
  const n = (v: string | undefined) => (v === undefined ? "—" : formatCoin(v, coin, intl));
  /** A dialog's limit follows the account while it is open: what is owed grows with interest. */
  const moneyDialog = (kind: MoneyDialog["kind"]): MoneyDialog => {
    if (kind === "transferIn" || kind === "transferOut") return { kind, coin };
    return { kind, coin, max: kind === "repay" ? repayable(asset) : borrowable ? parseDecimal(borrowable) : undefined };
  };
  const funds = [
    { label: t("account.available"), testId: "margin-available", value: asset?.available ?? "0" },
    { label: t("margin.assets.borrowed"), testId: "margin-borrowed", value: asset?.borrow ?? "0" },
    { label: t("margin.assets.interest"), testId: "margin-interest", value: asset?.interest ?? "0" },
    { label: t("margin.form.borrowable"), testId: "margin-box-borrowable", value: borrowable },
  ];
  const warning = Number(listing?.warningRiskRatio) || undefined;
  const liquidation = Number(listing?.liquidationRiskRatio) || undefined;
  return (
    <section className="card margin-account" aria-labelledby="margin-box-title" data-testid="margin-account">
      <h2 id="margin-box-title">{t("margin.box.title", { mode: t(`margin.mode.${mode}`) })}</h2>
      <RiskGauge
        loading={view.assets.state !== "ready"}
        riskRate={view.riskRate}
        {...(warning ? { warning } : {})}
        {...(liquidation ? { liquidation } : {})}
      />
      <Segmented
        label={t("margin.box.coin")}
        value={coin}
        onChange={setCoin}
        className="small"
        options={[market.quote, market.base].map((c) => ({ value: c, text: c }))}
      />
      <dl className="margin-funds">
        {funds.map((f) => (
          <Fragment key={f.testId}>
            <dt>{f.label}</dt>
            <dd data-testid={f.testId}>
              {n(f.value)} {coin}
            </dd>
          </Fragment>
        ))}
      </dl>
      <div className="margin-actions">
        {KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button small"
            onClick={() => {
              // The limits are read again now, so the dialog's maximum is current (interest accrues).
              view.refresh();
              setDialog(kind);
            }}
          >
            {t(`margin.dialog.${kind}`)}
          </button>
        ))}
      </div>
      {dialog && (
        <MarginMoneyDialog
          dialog={moneyDialog(dialog)}
          mode={mode}
          symbol={market.symbol}
          onDone={view.afterAction}
          onClose={() => setDialog(undefined)}
          risk={risk}
        />
      )}
    </section>
  );
}
