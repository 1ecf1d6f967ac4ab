import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { showToast } from "~/lib/toast";
import { useAsync } from "~/lib/async-state";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
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
export function DevicesTable({ heading: H = "h2" }: { heading?: "h1" | "h2" }) {
  const { t } = useTranslation(["common", "account"]);
  const when = useDateTime();
  const load = useCallback(() => browserHttp().post<{ list: Device[] }>(ACCOUNT_PATHS.devices, {}), []);
  const [devices, reload] = useAsync(load);

  const revoke = async (deviceId: string) => {
    try {
      await browserHttp().post(ACCOUNT_PATHS.deviceRevoke, { deviceId });
      showToast(t("security.revoked"));
      reload();
    } catch (err) {
      showToast(t(errorKey(err)));
    }
  };

  return (
    <section className="card" aria-labelledby="devices-title" aria-busy={devices.state === "loading"}>
      <H id="devices-title">{t("security.devicesTitle")}</H>
      {devices.state === "loading" && <p>{t("security.loading")}</p>}
      {devices.state === "error" && <p role="alert" className="notice error">{t(errorKey(devices.error))}</p>}
      {devices.state === "ready" && (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("security.browser")}</th>
              <th scope="col">{t("security.ip")}</th>
              <th scope="col">{t("account:security.firstSeen")}</th>
              <th scope="col">{t("security.lastSeen")}</th>
              <th scope="col"><span className="visually-hidden">{t("security.actions")}</span></th>
            </tr>
          </thead>
          <tbody>
            {devices.data.list.map((d) => (
              <tr key={d.deviceId}>
                <th scope="row">{d.browser}{d.current && <span className="badge">{t("security.thisDevice")}</span>}</th>
                <td>{d.ip}</td>
                <td>{when(d.firstSeen)}</td>
                <td>{when(d.lastSeen)}</td>
                <td className="num">
                  {!d.current && (
                    <button type="button" className="button" onClick={() => void revoke(d.deviceId)}>{t("security.revoke")}</button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
