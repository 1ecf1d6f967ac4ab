import type { MetaFunction } from "@remix-run/node";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { privatePageMeta } from "~/lib/i18n/meta";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { AccountFields, Field, MethodTabs } from "~/components/auth/field";
import { SendCodeButton } from "~/components/auth/send-code-button";
import { checkAccount, checkRegistration, codeTarget, errorKey, fieldOfCode, type Credentials, type FieldErrors } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { HttpError } from "~/lib/http/errors";

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "forget.title", "account");

/**
 * The forgotten-password flow (docs/decisions/500): a code to the account's e-mail or phone, then
 * the new password twice. The call is sealed like a login; the password is never sent in clear.
 */
export default function Forget() {
  const { t } = useTranslation(["account", "common"]);
  const [c, setC] = useState<Credentials & { rePassword: string; code: string }>({
    method: "email", email: "", areaCode: "", mobile: "", password: "", rePassword: "", code: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [done, setDone] = useState(false);
  const refused = (err: unknown) => setErrors({ [err instanceof HttpError ? fieldOfCode(err.code) : "form"]: errorKey(err) });

  const sendCode = async () => {
    const found = checkAccount(c);
    setErrors(found);
    if (Object.keys(found).length) return false;
    try {
      await browserHttp().post(ACCOUNT_PATHS.sendCode, { scene: "reset-password", ...codeTarget(c) });
      setSent(true);
      return true;
    } catch (err) {
      refused(err);
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
      const { channel: _channel, ...who } = codeTarget(c);
      await browserHttp().post(ACCOUNT_PATHS.resetPassword, { ...who, verifyCode: c.code.trim(), pwd: c.password, rePwd: c.rePassword });
      setC({ ...c, password: "", rePassword: "", code: "" });
      setDone(true);
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="auth-card" aria-labelledby="reset-done-title">
        <h1 id="reset-done-title">{t("forget.doneTitle")}</h1>
        <p role="status">{t("forget.doneBody")}</p>
        <LocaleLink to="/login" className="button primary block">{t("common:auth.login")}</LocaleLink>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="forget-title">
      <h1 id="forget-title">{t("forget.title")}</h1>
      <p>{t("forget.intro")}</p>
      <MethodTabs value={c.method} onChange={(method) => { setC({ ...c, method, code: "" }); setErrors({}); setSent(false); }} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <AccountFields value={c} onChange={setC} errors={errors} purpose="login" />
        <div className="field-row align-end">
          <Field label={t("common:auth.code")} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required
            value={c.code} onChange={(e) => setC({ ...c, code: e.target.value })} error={errors.code}
            hint={sent ? t(c.method === "email" ? "forget.sentEmail" : "forget.sentMobile") : undefined} />
          <SendCodeButton send={sendCode} />
        </div>
        <Field label={t("forget.newPassword")} name="password" type="password" autoComplete="new-password" required
          hint={t("common:auth.passwordHint")} value={c.password} onChange={(e) => setC({ ...c, password: e.target.value })} error={errors.password} />
        <Field label={t("forget.repeatPassword")} name="rePassword" type="password" autoComplete="new-password" required
          value={c.rePassword} onChange={(e) => setC({ ...c, rePassword: e.target.value })} error={errors.rePassword} />
        {errors.form && <p role="alert" className="notice error">{t(errors.form)}</p>}
        <button type="submit" className="button primary block" disabled={busy} aria-busy={busy}>{t("forget.submit")}</button>
      </form>
      <p className="auth-switch"><LocaleLink to="/login">{t("forget.backToLogin")}</LocaleLink></p>
    </section>
  );
}
