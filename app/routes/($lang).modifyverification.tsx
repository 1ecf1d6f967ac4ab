import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { LocaleLink } from "~/components/locale-link";
import { useCallback, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { privatePageMeta } from "~/lib/i18n/meta";
import { ACCOUNT_LIMITS, ACCOUNT_PATHS } from "../../protocol/account-paths";
import { Field } from "~/components/auth/field";
import { showToast } from "~/components/ui/toast";
import { useAsync } from "~/lib/async-state";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { requireUser } from "~/utils/user.server";

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "security.title");

/** Guests are sent to log in; the page's data is asked for by the browser, which holds the signing key. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(context, request);
  return null;
}

interface Device {
  deviceId: string;
  browser: string;
  ip: string;
  firstSeen: number;
  lastSeen: number;
  current: boolean;
}
interface Login {
  time: number;
  ip: string;
  browser: string;
  result: string;
}

function AntiPhishing() {
  const { t } = useTranslation("common");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^[A-Za-z0-9_]{4,20}$/.test(code)) {
      setError("security.antiPhishingRule");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await browserHttp().post(ACCOUNT_PATHS.antiPhishing, { code });
      setCode("");
      showToast(t("security.saved"));
    } catch (err) {
      setError(errorKey(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="ap-title">
      <h2 id="ap-title">{t("security.antiPhishingTitle")}</h2>
      <p>{t("security.antiPhishingBody")}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="inline-form">
        <Field label={t("security.antiPhishingLabel")} name="antiPhishing" value={code} maxLength={ACCOUNT_LIMITS.antiPhishing.max}
          autoComplete="off" onChange={(e) => setCode(e.target.value)} error={error} hint={t("security.antiPhishingRule")} />
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>{t("security.save")}</button>
      </form>
    </section>
  );
}

export default function Security() {
  const { t, i18n } = useTranslation("common");
  const loadDevices = useCallback(() => browserHttp().post<{ list: Device[] }>(ACCOUNT_PATHS.devices, {}), []);
  const loadHistory = useCallback(() => browserHttp().post<{ list: Login[] }>(ACCOUNT_PATHS.loginHistory, { page: 1, size: 20 }), []);
  const [devices, reloadDevices] = useAsync(loadDevices);
  const [history] = useAsync(loadHistory);
  const when = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(ms);

  const revoke = async (deviceId: string) => {
    try {
      await browserHttp().post(ACCOUNT_PATHS.deviceRevoke, { deviceId });
      showToast(t("security.revoked"));
      reloadDevices();
    } catch (err) {
      showToast(t(errorKey(err)));
    }
  };

  return (
    <div>
      <h1>{t("security.title")}</h1>
      <p><LocaleLink to="/subaccount/setting/api">{t("api.title")}</LocaleLink></p>
      <AntiPhishing />
      <section className="card" aria-labelledby="devices-title" aria-busy={devices.state === "loading"}>
        <h2 id="devices-title">{t("security.devicesTitle")}</h2>
        {devices.state === "loading" && <p>{t("security.loading")}</p>}
        {devices.state === "error" && <p role="alert" className="notice error">{t(errorKey(devices.error))}</p>}
        {devices.state === "ready" && (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("security.browser")}</th>
                <th scope="col">{t("security.ip")}</th>
                <th scope="col">{t("security.lastSeen")}</th>
                <th scope="col"><span className="visually-hidden">{t("security.actions")}</span></th>
              </tr>
            </thead>
            <tbody>
              {devices.data.list.map((d) => (
                <tr key={d.deviceId}>
                  <th scope="row">{d.browser}{d.current && <span className="badge">{t("security.thisDevice")}</span>}</th>
                  <td>{d.ip}</td>
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
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">{t("security.historyTitle")}</h2>
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
              {history.data.list.map((h) => (
                <tr key={`${h.time}-${h.ip}`}>
                  <td>{when(h.time)}</td>
                  <td>{h.browser}</td>
                  <td>{h.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {history.state === "loading" && <p>{t("security.loading")}</p>}
      </section>
    </div>
  );
}
