import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { useAsync } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { useAction } from "~/lib/use-action";
import { AsyncCard } from "~/components/ui/async-card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { useDateTime } from "./use-date-time";

interface Device {
  deviceId: string;
  browser: string;
  ip: string;
  firstSeen: number;
  lastSeen: number;
  current: boolean;
}

/** Each browser with a live session: first and last seen; revoking one ends its sessions. */
export function DevicesTable({ heading = "h2" }: { heading?: "h1" | "h2" }) {
  const { t } = useTranslation(["common", "account"]);
  const when = useDateTime();
  const load = useCallback(() => browserHttp().post<{ list: Device[] }>(ACCOUNT_PATHS.devices, {}), []);
  const [devices, reload] = useAsync(load);

  const act = useAction();
  const revoke = (deviceId: string) =>
    act(() => browserHttp().post(ACCOUNT_PATHS.deviceRevoke, { deviceId }), t("security.revoked"), reload);

  const columns: ReadonlyArray<Column<Device>> = [
    {
      header: t("security.browser"),
      rowHeader: true,
      cell: (d) => (
        <>
          {d.browser}
          {d.current && <span className="badge">{t("security.thisDevice")}</span>}
        </>
      ),
    },
    { header: t("security.ip"), cell: (d) => d.ip },
    { header: t("account:security.firstSeen"), cell: (d) => when(d.firstSeen) },
    { header: t("security.lastSeen"), cell: (d) => when(d.lastSeen) },
    {
      header: <span className="visually-hidden">{t("security.actions")}</span>,
      cellClass: "num",
      cell: (d) =>
        !d.current && (
          <button type="button" className="button" onClick={() => void revoke(d.deviceId)}>
            {t("security.revoke")}
          </button>
        ),
    },
  ];

  return (
    <AsyncCard value={devices} name={{ titleId: "devices-title", title: t("security.devicesTitle"), heading }}>
      {(data) => <DataTable rows={data.list} columns={columns} rowKey={(d) => d.deviceId} />}
    </AsyncCard>
  );
}
