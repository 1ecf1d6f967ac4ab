import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { privateMeta } from "~/lib/i18n/meta";
import { PATHS } from "../../protocol/paths";
import { withUserInfoDefaults, type UserInfoResponse } from "../../protocol/user-info";
import { BindingSection, type Bindings } from "~/components/security/binding-section";
import { FundPasswordSection } from "~/components/security/fund-password-section";
import { SecurityPage } from "~/components/security/security-page";
import { callGateway } from "~/utils/gateway.server";
import { prefsFromRequest } from "~/utils/prefs.server";
import { requireUser } from "~/utils/user.server";

export const meta = privateMeta("security.title");

/** The security overview: the verification methods come from user info (masked), asked on the server. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const r = await callGateway<UserInfoResponse>(context, request, PATHS.userInfo, { body: { locale: prefsFromRequest(request).language } });
  const info = withUserInfoDefaults(r.ok ? r.data.userInfo : undefined);
  const bindings: Bindings = {
    email: info.email,
    phone: info.phone,
    areaCode: info.areaCode,
    bindEmail: info.bindEmail,
    bindPhone: info.bindPhone,
    bindGoogle: info.bindGoogle,
  };
  // the fund password's flags, as user info tells them (docs/decisions/350)
  const fund = { isFund: info.isFund, fundValue: info.fundValue, fundDisabled: info.fundDisabled };
  return { bindings: r.ok ? bindings : null, fund: r.ok ? fund : null, subAccount: user.subAccount };
}

const SECTIONS = [
  { to: "/subaccount/setting/antiphishing", title: "common:security.antiPhishingTitle", body: "security.antiPhishingSummary" },
  { to: "/subaccount/setting/devices", title: "common:security.devicesTitle", body: "security.devicesSummary" },
  { to: "/subaccount/setting/history", title: "common:security.historyTitle", body: "security.historySummary" },
  { to: "/subaccount/setting/api", title: "common:api.title", body: "security.apiSummary" },
] as const;

export default function SecurityOverview() {
  const { t } = useTranslation(["account", "common"]);
  const { bindings, fund, subAccount } = useLoaderData<typeof loader>();
  return (
    <SecurityPage>
      <h1>{t("common:security.title")}</h1>
      <ul className="settings-links">
        {SECTIONS.map((s) => (
          <li key={s.to} className="card">
            <h2>
              <LocaleLink to={s.to}>{t(s.title)}</LocaleLink>
            </h2>
            <p>{t(s.body)}</p>
          </li>
        ))}
      </ul>
      {subAccount ? (
        <p className="notice">{t("security.subAccountBindings")}</p>
      ) : bindings ? (
        <BindingSection bindings={bindings} />
      ) : (
        <p role="alert" className="notice error">
          {t("common:auth.errors.generic")}
        </p>
      )}
      {subAccount ? (
        <p className="notice">{t("fund:sub")}</p>
      ) : (
        fund && bindings && <FundPasswordSection state={fund} google={bindings.bindGoogle} />
      )}
    </SecurityPage>
  );
}
