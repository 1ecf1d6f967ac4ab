import { LocaleLink, useLocalize } from "~/components/locale-link";
import { useTranslation } from "react-i18next";
import { privateMeta } from "~/lib/i18n/meta";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { CodeAndPasswordForm } from "~/components/auth/code-password-form";
import { browserHttp } from "~/lib/http/browser-client";
import { AuthCard } from "~/components/auth/auth-card";

export const meta = privateMeta("auth.register");

export default function Register() {
  const { t } = useTranslation("common");
  const localize = useLocalize();
  return (
    <AuthCard id="register-title" title={t("auth.registerTitle")}>
      <CodeAndPasswordForm
        scene="register"
        finish={async (body) => {
          await browserHttp().post("email" in body ? ACCOUNT_PATHS.registerEmail : ACCOUNT_PATHS.registerMobile, body);
          window.location.assign(localize("/"));
        }}
      />
      <p className="auth-switch">
        {t("auth.haveAccount")} <LocaleLink to="/login">{t("auth.login")}</LocaleLink>
      </p>
    </AuthCard>
  );
}
