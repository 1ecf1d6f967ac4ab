import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { privateMeta } from "~/lib/i18n/meta";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { CodeAndPasswordForm } from "~/components/auth/code-password-form";
import { browserHttp } from "~/lib/http/browser-client";
import { AuthCard } from "~/components/auth/auth-card";

export const meta = privateMeta("forget.title", "account");

/**
 * The forgotten-password flow (docs/decisions/500): a code to the account's e-mail or phone, then
 * the new password twice. The call is sealed like a login; the password is never sent in clear.
 */
export default function Forget() {
  const { t } = useTranslation(["account", "common"]);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <AuthCard id="reset-done-title" title={t("forget.doneTitle")} next={{ to: "/login", label: t("common:auth.login") }}>
        <p role="status">{t("forget.doneBody")}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard id="forget-title" title={t("forget.title")}>
      <p>{t("forget.intro")}</p>
      <CodeAndPasswordForm
        scene="reset-password"
        finish={async (body) => {
          await browserHttp().post(ACCOUNT_PATHS.resetPassword, body);
          setDone(true);
        }}
      />
      <p className="auth-switch">
        <LocaleLink to="/login">{t("forget.backToLogin")}</LocaleLink>
      </p>
    </AuthCard>
  );
}
