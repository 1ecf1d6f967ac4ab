import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CodeScene } from "../../../protocol/accounts";
import { AccountFields, CodeField, Field, MethodTabs } from "~/components/auth/field";
import { bind, FormEnd } from "~/components/ui/form";
import { checkRegistration, codeTarget, refusal, type Credentials, type FieldErrors } from "~/lib/auth/forms";
import { sendAccountCode } from "~/lib/auth/send-code";
import { showFound, useSubmit } from "~/lib/use-submit";

/** What registration and a password reset both send: the address, its code and the password twice. */
export type CodeAndPassword = ({ email: string } | { mobile: string; areaCode: string }) & {
  verifyCode: string;
  pwd: string;
  rePwd: string;
};

type Form = Credentials & { rePassword: string; code: string };
const EMPTY: Form = { method: "email", email: "", areaCode: "", mobile: "", password: "", rePassword: "", code: "" };

type Scene = Extract<CodeScene, "register" | "reset-password">;

/** The words that differ by use, field by field: a sign-up asks for a password, a reset for a new one. */
const WORDS: Record<"password" | "rePassword" | "sentEmail" | "sentMobile" | "submit", Record<Scene, string>> = {
  password: { register: "auth.password", "reset-password": "account:forget.newPassword" },
  rePassword: { register: "auth.rePassword", "reset-password": "account:forget.repeatPassword" },
  sentEmail: { register: "auth.codeSentEmail", "reset-password": "account:forget.sentEmail" },
  sentMobile: { register: "auth.codeSentMobile", "reset-password": "account:forget.sentMobile" },
  submit: { register: "auth.register", "reset-password": "account:forget.submit" },
};

/**
 * An e-mail or mobile tab, a code sent to it, and a new password twice: registration and the
 * forgotten-password flow, checked by the same rules as the gateway's (app/lib/auth/forms.ts).
 * Its words follow the scene; `finish` makes the call and says what happens next.
 */
export function CodeAndPasswordForm({ scene, finish }: { scene: Scene; finish(body: CodeAndPassword): Promise<void> }) {
  const { t } = useTranslation(["common", "account"]);
  const [c, setC] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);

  const sendCode = async () => {
    const found = await sendAccountCode(scene, c);
    setErrors(found);
    const sentNow = Object.keys(found).length === 0;
    if (sentNow) setSent(true);
    return sentNow;
  };

  const { busy, onSubmit } = useSubmit({
    check: () => showFound(checkRegistration(c), setErrors),
    send: () => {
      const { channel: _channel, ...who } = codeTarget(c);
      return finish({ ...who, verifyCode: c.code.trim(), pwd: c.password, rePwd: c.rePassword });
    },
    failed: (err) => setErrors(refusal(err)),
  });

  return (
    <>
      <MethodTabs
        value={c.method}
        onChange={(method) => {
          setC({ ...c, method, code: "" });
          setErrors({});
          setSent(false);
        }}
      />
      <form onSubmit={onSubmit} noValidate>
        <AccountFields value={c} onChange={setC} errors={errors} purpose={scene === "register" ? "register" : "login"} />
        <Field
          label={t(WORDS.password[scene])}
          type="password"
          autoComplete="new-password"
          required
          hint={t("auth.passwordHint")}
          {...bind(c, setC, "password")}
          error={errors.password}
        />
        <Field
          label={t(WORDS.rePassword[scene])}
          type="password"
          autoComplete="new-password"
          required
          {...bind(c, setC, "rePassword")}
          error={errors.rePassword}
        />
        <CodeField
          label={t("auth.code")}
          {...bind(c, setC, "code")}
          error={errors.code}
          hint={sent ? t((c.method === "email" ? WORDS.sentEmail : WORDS.sentMobile)[scene]) : undefined}
          send={sendCode}
        />
        <FormEnd error={errors.form && t(errors.form)} busy={busy} label={t(WORDS.submit[scene])} block />
      </form>
    </>
  );
}
