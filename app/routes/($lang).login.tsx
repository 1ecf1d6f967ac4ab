import type { MetaFunction } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { LocaleLink, useLocalize } from "~/components/locale-link";
import { safeRedirect } from "~/lib/safe-redirect";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { privatePageMeta } from "~/lib/i18n/meta";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { AccountFields, Field, MethodTabs } from "~/components/auth/field";
import { checkLogin, errorKey, fieldOfCode, loginBody, type Credentials, type FieldErrors } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { HttpError } from "~/lib/http/errors";

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "auth.login");

interface Verify {
  token: string;
  channels: string[];
}

export default function Login() {
  const { t } = useTranslation("common");
  const [c, setC] = useState<Credentials>({ method: "email", email: "", areaCode: "", mobile: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [verify, setVerify] = useState<Verify | null>(null);
  const [codes, setCodes] = useState({ emailCode: "", mobileCode: "", googleCode: "" });

  const [params] = useSearchParams();
  const localize = useLocalize();
  // A full load: the new session cookies and the bound key pair apply to everything after.
  const done = () => window.location.assign(safeRedirect(params.get("redirectTo"), localize("/")));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkLogin(c);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const data = await browserHttp().post<{ verify?: Verify; userInfo?: { userId: string } }>(ACCOUNT_PATHS.login, loginBody(c));
      if (data.verify) setVerify(data.verify);
      else done();
    } catch (err) {
      setErrors({ [err instanceof HttpError ? fieldOfCode(err.code) : "form"]: errorKey(err) });
    } finally {
      setBusy(false);
    }
  };

  const submitCodes = async (e: FormEvent) => {
    e.preventDefault();
    if (!verify) return;
    setBusy(true);
    try {
      const body: Record<string, string> = { token: verify.token };
      if (verify.channels.includes("email")) body.emailCode = codes.emailCode.trim();
      else if (verify.channels.includes("mobile")) body.mobileCode = codes.mobileCode.trim();
      if (verify.channels.includes("google")) body.googleCode = codes.googleCode.trim();
      await browserHttp().post(ACCOUNT_PATHS.verifyLogin, body);
      done();
    } catch (err) {
      setErrors({ code: errorKey(err) });
    } finally {
      setBusy(false);
    }
  };

  if (verify) {
    const codeChannel = verify.channels.includes("email") ? "email" : "mobile";
    return (
      <section className="auth-card" aria-labelledby="verify-title">
        <h1 id="verify-title">{t("auth.verifyTitle")}</h1>
        <p>{t(codeChannel === "email" ? "auth.verifySentEmail" : "auth.verifySentMobile")}</p>
        <form onSubmit={(e) => void submitCodes(e)} noValidate>
          <Field
            label={t(codeChannel === "email" ? "auth.emailCode" : "auth.mobileCode")}
            name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required autoFocus
            value={codeChannel === "email" ? codes.emailCode : codes.mobileCode}
            onChange={(e) => setCodes({ ...codes, [codeChannel === "email" ? "emailCode" : "mobileCode"]: e.target.value })}
            error={errors.code}
          />
          {verify.channels.includes("google") && (
            <Field label={t("auth.googleCode")} name="googleCode" inputMode="numeric" maxLength={6} required
              value={codes.googleCode} onChange={(e) => setCodes({ ...codes, googleCode: e.target.value })} />
          )}
          <button type="submit" className="button primary block" disabled={busy} aria-busy={busy}>{t("auth.confirm")}</button>
        </form>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t("auth.loginTitle")}</h1>
      <MethodTabs value={c.method} onChange={(method) => { setC({ ...c, method }); setErrors({}); }} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <AccountFields value={c} onChange={setC} errors={errors} purpose="login" />
        <Field label={t("auth.password")} name="password" type="password" autoComplete="current-password" required
          value={c.password} onChange={(e) => setC({ ...c, password: e.target.value })} error={errors.password} />
        {errors.form && <p role="alert" className="notice error">{t(errors.form)}</p>}
        <button type="submit" className="button primary block" disabled={busy} aria-busy={busy}>{t("auth.login")}</button>
      </form>
      <p className="auth-switch">{t("auth.noAccount")} <LocaleLink to="/register">{t("auth.register")}</LocaleLink></p>
    </section>
  );
}
