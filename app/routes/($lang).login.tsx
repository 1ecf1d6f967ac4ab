import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { LocaleLink, useLocalize } from "~/components/locale-link";
import { safeRedirect } from "~/lib/safe-redirect";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { privateMeta } from "~/lib/i18n/meta";
import { ACCOUNT_PATHS, type LoginConfig } from "../../protocol/account-paths";
import { AccountFields, Field, MethodTabs } from "~/components/auth/field";
import { bind, FormEnd } from "~/components/ui/form";
import { LoginProviders } from "~/components/auth/login-providers";
import { VerifyStep, type Verify } from "~/components/auth/verify-step";
import { callGateway } from "~/utils/gateway.server";
import { checkLogin, loginBody, refusal, type Credentials, type FieldErrors } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { showFound, useSubmit } from "~/lib/use-submit";
import { AuthCard } from "~/components/auth/auth-card";

export const meta = privateMeta("auth.login");

/** The login methods besides the password that the gateway offers (none on the embedded one). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const r = await callGateway<LoginConfig>(context, request, ACCOUNT_PATHS.loginConfig);
  return { providers: r.ok && Array.isArray(r.data.providers) ? r.data.providers : [] };
}

export default function Login() {
  const { t } = useTranslation("common");
  const { providers } = useLoaderData<typeof loader>();
  const [c, setC] = useState<Credentials>({ method: "email", email: "", areaCode: "", mobile: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [verify, setVerify] = useState<Verify | null>(null);
  const [params] = useSearchParams();
  const localize = useLocalize();
  // A full load: the new session cookies and the bound key pair apply to everything after.
  const done = () => window.location.assign(safeRedirect(params.get("redirectTo"), localize("/")));

  const { busy, onSubmit } = useSubmit({
    check: () => showFound(checkLogin(c), setErrors),
    send: async () => {
      const data = await browserHttp().post<{ verify?: Verify; userInfo?: { userId: string } }>(ACCOUNT_PATHS.login, loginBody(c));
      if (data.verify) setVerify(data.verify);
      else done();
    },
    failed: (err) => setErrors(refusal(err)),
  });

  if (verify) {
    // A step may hand over to the next one (a new address, then the authenticator code).
    return <VerifyStep key={verify.token} verify={verify} onDone={(data) => (data.verify ? setVerify(data.verify) : done())} />;
  }

  return (
    <AuthCard id="login-title" title={t("auth.loginTitle")}>
      <MethodTabs
        value={c.method}
        onChange={(method) => {
          setC({ ...c, method });
          setErrors({});
        }}
      />
      <form onSubmit={onSubmit} noValidate>
        <AccountFields value={c} onChange={setC} errors={errors} purpose="login" />
        <Field
          label={t("auth.password")}
          type="password"
          autoComplete="current-password"
          required
          {...bind(c, setC, "password")}
          error={errors.password}
        />
        <p className="field-aside">
          <LocaleLink to="/forget">{t("account:forget.link")}</LocaleLink>
        </p>
        <FormEnd error={errors.form && t(errors.form)} busy={busy} label={t("auth.login")} block />
      </form>
      <LoginProviders providers={providers} />
      <p className="auth-switch">
        {t("auth.noAccount")} <LocaleLink to="/register">{t("auth.register")}</LocaleLink>
      </p>
    </AuthCard>
  );
}
