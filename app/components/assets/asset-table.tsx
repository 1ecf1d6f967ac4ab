import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/auth/field";
import { LocaleLink } from "~/components/locale-link";
import { AsyncView } from "~/components/trade/async-view";
import { DataTable, type Column } from "~/components/ui/data-table";
import { SORTS, visibleRows, type SortBy, type ValuedRow } from "~/lib/assets/overview";
import type { TransferChoice } from "~/lib/assets/transfer";
import type { Async } from "~/lib/async-state";
import { depositPath, useAssetPage, withdrawPath } from "./asset-shell";

/** What a row's actions need: the transfer it presets and where Trade goes. */
export interface RowActions<T> {
  transfer: (row: T) => Partial<TransferChoice>;
  trade: (row: T) => string;
}

/**
 * A balance list of an asset page (docs/decisions/711): searchable by coin, sorted by value, coin or
 * amount, small balances left out when the switch says so, and per row Deposit, Withdraw, Transfer
 * and Trade.
 */
export function AssetTable<T extends ValuedRow>({
  rows,
  columns,
  actions,
  testId,
}: {
  rows: Async<readonly T[]>;
  columns: ReadonlyArray<Column<T>>;
  actions: RowActions<T>;
  testId: string;
}) {
  const { t } = useTranslation("assets");
  const { hideSmall, openTransfer, simulation, openDeposit } = useAssetPage();
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<SortBy>("value");
  const id = useId();
  const withActions: Array<Column<T>> = [
    ...columns,
    {
      header: t("table.actions"),
      // the links sit at the cell's end (.row-actions): so does their header
      end: true,
      cellClass: "actions",
      cell: (r) => (
        <span className="row-actions">
          {simulation ? (
            <button
              type="button"
              className="link-button"
              onClick={() => openDeposit(r.coin)}
              aria-label={t("table.depositCoin", { coin: r.coin })}
            >
              {t("nav.deposit")}
            </button>
          ) : (
            <>
              <LocaleLink to={depositPath(r.coin)} aria-label={t("table.depositCoin", { coin: r.coin })}>
                {t("nav.deposit")}
              </LocaleLink>
              <LocaleLink to={withdrawPath(r.coin)} aria-label={t("table.withdrawCoin", { coin: r.coin })}>
                {t("nav.withdraw")}
              </LocaleLink>
            </>
          )}
          <button
            type="button"
            className="link-button"
            onClick={() => openTransfer(actions.transfer(r))}
            aria-label={t("table.transferCoin", { coin: r.coin })}
            data-testid={`transfer-${r.key}`}
          >
            {t("nav.transfer")}
          </button>
          <LocaleLink to={actions.trade(r)} aria-label={t("table.tradeCoin", { coin: r.coin })}>
            {t("nav.trade")}
          </LocaleLink>
        </span>
      ),
    },
  ];
  return (
    <div className="asset-list">
      <div className="asset-filters">
        <Field
          label={t("table.search")}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
          data-testid="asset-search"
        />
        <div className="field">
          <label htmlFor={`${id}-sort`}>{t("table.sort")}</label>
          <select id={`${id}-sort`} value={sort} onChange={(e) => setSort(e.target.value as SortBy)} data-testid="asset-sort">
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AsyncView value={rows} empty={t("table.empty")}>
        {(list) => {
          const shown = visibleRows(list, { search, hideSmall, sort });
          return shown.length === 0 ? (
            <p className="muted">{t("table.empty")}</p>
          ) : (
            <div className="asset-scroll">
              <DataTable rows={shown} columns={withActions} rowKey={(r) => r.key} testId={testId} rowTestId={(r) => `asset-row-${r.key}`} />
            </div>
          );
        }}
      </AsyncView>
    </div>
  );
}
