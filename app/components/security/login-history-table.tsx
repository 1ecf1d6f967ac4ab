import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { useAsync } from "~/lib/async-state";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { useDateTime } from "./use-date-time";

interface Login {
  time: number;
  ip: string;
  browser: string;
  result: string;
}

/** The account's most recent logins (and switches into it), newest first. */
export function LoginHistoryTable({ heading: H = "h2" }: { heading?: "h1" | "h2" }) {
  const { t } = useTranslation("common");
  const when = useDateTime();
  const load = useCallback(() => browserHttp().post<{ list: Login[] }>(ACCOUNT_PATHS.loginHistory, { page: 1, size: 20 }), []);
  const [history] = useAsync(load);
  return (
    <section className="card" aria-labelledby="history-title" aria-busy={history.state === "loading"}>
      <H id="history-title">{t("security.historyTitle")}</H>
      {history.state === "loading" && <p>{t("security.loading")}</p>}
      {history.state === "error" && <p role="alert" className="notice error">{t(errorKey(history.error))}</p>}
      {history.state === "ready" && (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("security.time")}</th>
              <th scope="col">{t("security.browser")}</th>
              <th scope="col">{t("security.ip")}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.list.map((h, i) => (
              <tr key={`${h.time}-${i}`}>
                <td>{when(h.time)}</td>
                <td>{h.browser}</td>
                <td>{h.ip}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
