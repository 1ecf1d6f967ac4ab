import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { LocaleLink } from "~/components/locale-link";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { privatePageMeta } from "~/lib/i18n/meta";
import { formatDateTime } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { showToast } from "~/components/ui/toast";
import { SecurityPage } from "~/components/security/security-page";
import { useAsync } from "~/lib/async-state";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { requireUser } from "~/utils/user.server";

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "api.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(context, request);
  return null;
}

interface Key {
  apiKey: string;
  label: string;
  permissions: string[];
  ipAllow: string[];
  createdAt: number;
}

export default function ApiKeys() {
  const { t } = useTranslation("common");
  const { intl } = usePagePrefs();
  const load = useCallback(() => browserHttp().post<{ list: Key[] }>(ACCOUNT_PATHS.apiKeyList, {}), []);
  const [keys, reload] = useAsync(load);
  const revoke = async (apiKey: string) => {
    try {
      await browserHttp().post(ACCOUNT_PATHS.apiKeyRevoke, { apiKey });
      showToast(t("api.revoked"));
      reload();
    } catch (err) {
      showToast(t(errorKey(err)));
    }
  };
  return (
    <SecurityPage>
      <h1>{t("api.title")}</h1>
      <p><LocaleLink to="/account/newapi" className="button primary">{t("api.newTitle")}</LocaleLink></p>
      <section className="card" aria-busy={keys.state === "loading"} aria-label={t("api.title")}>
        {keys.state === "error" && <p role="alert" className="notice error">{t(errorKey(keys.error))}</p>}
        {keys.state === "ready" && keys.data.list.length === 0 && <p>{t("api.none")}</p>}
        {keys.state === "ready" && keys.data.list.length > 0 && (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("api.label")}</th>
                <th scope="col">{t("api.apiKey")}</th>
                <th scope="col">{t("api.permissions")}</th>
                <th scope="col">{t("api.created")}</th>
                <th scope="col"><span className="visually-hidden">{t("security.actions")}</span></th>
              </tr>
            </thead>
            <tbody>
              {keys.data.list.map((k) => (
                <tr key={k.apiKey}>
                  <th scope="row">{k.label}</th>
                  <td><code>{k.apiKey}</code></td>
                  <td>{k.permissions.map((p) => t(p === "trade" ? "api.trade" : "api.read")).join(", ")}</td>
                  <td>{formatDateTime(k.createdAt, intl, "date")}</td>
                  <td className="num">
                    <button type="button" className="button" onClick={() => void revoke(k.apiKey)}>{t("api.revoke")}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </SecurityPage>
  );
}
