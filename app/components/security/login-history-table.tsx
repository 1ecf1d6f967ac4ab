import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { useAsync } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { AsyncCard } from "~/components/ui/async-card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { useDateTime } from "./use-date-time";

interface Login {
  time: number;
  ip: string;
  browser: string;
  result: string;
}

/** The account's most recent logins (and switches into it), newest first. */
export function LoginHistoryTable({ heading = "h2" }: { heading?: "h1" | "h2" }) {
  const { t } = useTranslation("common");
  const when = useDateTime();
  const load = useCallback(() => browserHttp().post<{ list: Login[] }>(ACCOUNT_PATHS.loginHistory, { page: 1, size: 20 }), []);
  const [history] = useAsync(load);
  const columns: ReadonlyArray<Column<Login>> = [
    { header: t("security.time"), cell: (h) => when(h.time) },
    { header: t("security.browser"), cell: (h) => h.browser },
    { header: t("security.ip"), cell: (h) => h.ip },
  ];
  return (
    <AsyncCard value={history} name={{ titleId: "history-title", title: t("security.historyTitle"), heading }}>
      {(data) => <DataTable rows={data.list} columns={columns} rowKey={(h, i) => `${h.time}-${i}`} />}
    </AsyncCard>
  );
}
