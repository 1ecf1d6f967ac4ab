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

/**
 * An e-mail or mobile tab, a code sent to it, and a new password twice: registration and the
 * forgotten-password flow, checked by the same rules as the gateway's (app/lib/auth/forms.ts).
 * Labels differ by use; `finish` makes the call and says what happens next.
 */
export function CodeAndPasswordForm({
  scene,
  labels,
  submitLabel,
  finish,
}: {
  scene: Extract<CodeScene, "register" | "reset-password">;
  labels: { password: string; rePassword: string; sentEmail: string; sentMobile: string };
  submitLabel: string;
  finish(body: CodeAndPassword): Promise<void>;
}) {
  const { t } = useTranslation("common");
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
          label={labels.password}
          type="password"
          autoComplete="new-password"
          required
          hint={t("auth.passwordHint")}
          {...bind(c, setC, "password")}
          error={errors.password}
        />
        <Field
          label={labels.rePassword}
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
          hint={sent ? (c.method === "email" ? labels.sentEmail : labels.sentMobile) : undefined}
          send={sendCode}
        />
        <FormEnd error={errors.form && t(errors.form)} busy={busy} label={submitLabel} block />
      </form>
    </>
  );
}
