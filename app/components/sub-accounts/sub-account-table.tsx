import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { switchAccount } from "~/lib/auth/switch-account";
import { browserHttp } from "~/lib/http/browser-client";
import { useAction } from "~/lib/use-action";
import { DataTable, type Column } from "~/components/ui/data-table";
import type { Account } from "./types";

/** The sub-accounts with their USDT, and what the main account can do with each. */
export function SubAccountTable({ subs, usdtOf, onChanged }: { subs: Account[]; usdtOf(userId: string): string; onChanged(): void }) {
  const { t } = useTranslation(["account", "common"]);
  const act = useAction();
  const freeze = (a: Account, frozen: boolean) =>
    act(
      () => browserHttp().post(ACCOUNT_PATHS.subFreeze, { userId: a.userId, frozen }),
      t(frozen ? "sub.frozenDone" : "sub.unfrozenDone", { name: a.nickName }),
      onChanged,
    );

  const columns: ReadonlyArray<Column<Account>> = [
    { header: t("sub.nickName"), rowHeader: true, cell: (a) => a.nickName },
    { header: t("sub.userId"), cell: (a) => a.userId },
    { header: t("sub.status"), cell: (a) => t(a.frozen ? "sub.frozenState" : "sub.active") },
    { header: t("sub.usdt"), num: true, cell: (a) => usdtOf(a.userId) },
    {
      header: <span className="visually-hidden">{t("common:security.actions")}</span>,
      cellClass: "num",
      cell: (a) => (
        <div className="row-actions">
          <button
            type="button"
            className="button"
            disabled={a.frozen}
            aria-label={t("sub.switchTo", { name: a.nickName })}
            onClick={() => void act(() => switchAccount(a.userId))}
          >
            {t("sub.switch")}
          </button>
          <button
            type="button"
            className="button"
            aria-label={t(a.frozen ? "sub.unfreezeLabel" : "sub.freezeLabel", { name: a.nickName })}
            onClick={() => void freeze(a, !a.frozen)}
          >
            {t(a.frozen ? "sub.unfreeze" : "sub.freeze")}
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="subs-title">
      <h2 id="subs-title">{t("sub.listTitle")}</h2>
      {subs.length === 0 ? <p>{t("sub.none")}</p> : <DataTable rows={subs} columns={columns} rowKey={(a) => a.userId} />}
    </section>
  );
}
