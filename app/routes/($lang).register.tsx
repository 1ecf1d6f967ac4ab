import type { MetaFunction } from "@remix-run/node";
import { LocaleLink, useLocalize } from "~/components/locale-link";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { privatePageMeta } from "~/lib/i18n/meta";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { AccountFields, Field, MethodTabs } from "~/components/auth/field";
import { SendCodeButton } from "~/components/auth/send-code-button";
import { checkAccount, checkRegistration, codeTarget, errorKey, fieldOfCode, type Credentials, type FieldErrors } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { HttpError } from "~/lib/http/errors";

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "auth.register");

export default function Register() {
  const { t } = useTranslation("common");
  const [c, setC] = useState<Credentials & { rePassword: string; code: string }>({
    method: "email", email: "", areaCode: "", mobile: "", password: "", rePassword: "", code: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const localize = useLocalize();

  const sendCode = async () => {
    const found = checkAccount(c);
    setErrors(found);
    if (Object.keys(found).length) return false;
    try {
      await browserHttp().post(ACCOUNT_PATHS.sendCode, { scene: "register", ...codeTarget(c) });
      setSent(true);
      return true;
    } catch (err) {
      setErrors({ [err instanceof HttpError ? fieldOfCode(err.code) : "form"]: errorKey(err) });
      return false;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkRegistration(c);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const path = c.method === "email" ? ACCOUNT_PATHS.registerEmail : ACCOUNT_PATHS.registerMobile;
      const { channel: _channel, ...who } = codeTarget(c);
      await browserHttp().post(path, { ...who, pwd: c.password, rePwd: c.rePassword, verifyCode: c.code.trim() });
      window.location.assign(localize("/"));
    } catch (err) {
      setErrors({ [err instanceof HttpError ? fieldOfCode(err.code) : "form"]: errorKey(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">{t("auth.registerTitle")}</h1>
      <MethodTabs value={c.method} onChange={(method) => { setC({ ...c, method, code: "" }); setErrors({}); setSent(false); }} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <AccountFields value={c} onChange={setC} errors={errors} purpose="register" />
        <Field label={t("auth.password")} name="password" type="password" autoComplete="new-password" required
          hint={t("auth.passwordHint")} value={c.password} onChange={(e) => setC({ ...c, password: e.target.value })} error={errors.password} />
        <Field label={t("auth.rePassword")} name="rePassword" type="password" autoComplete="new-password" required
          value={c.rePassword} onChange={(e) => setC({ ...c, rePassword: e.target.value })} error={errors.rePassword} />
        <div className="field-row align-end">
          <Field label={t("auth.code")} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required
            value={c.code} onChange={(e) => setC({ ...c, code: e.target.value })} error={errors.code}
            hint={sent ? t(c.method === "email" ? "auth.codeSentEmail" : "auth.codeSentMobile") : undefined} />
          <SendCodeButton send={sendCode} />
        </div>
        {errors.form && <p role="alert" className="notice error">{t(errors.form)}</p>}
        <button type="submit" className="button primary block" disabled={busy} aria-busy={busy}>{t("auth.register")}</button>
      </form>
      <p className="auth-switch">{t("auth.haveAccount")} <LocaleLink to="/login">{t("auth.login")}</LocaleLink></p>
    </section>
  );
}
