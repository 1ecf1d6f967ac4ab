import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { VERIFY_STEP_PATHS, type VerifyStep as StepKind } from "../../../protocol/account-paths";
import { Field } from "~/components/auth/field";
import { bind, SubmitButton } from "~/components/ui/form";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { AuthCard } from "./auth-card";

/** The gateway's `data.verify` (docs/protocol.md §7, docs/decisions/501); no `kind` means the new-device step. */
export interface Verify {
  token: string;
  channels: string[];
  kind?: StepKind;
}

const CODE = { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6, required: true } as const;

/**
 * One step after the password: the new-device codes, the code of a login from a new address, or
 * the authenticator code. `onDone` gets the gateway's answer, which may be the next step.
 */
export function VerifyStep({ verify, onDone }: { verify: Verify; onDone(data: { verify?: Verify }): void }) {
  const { t } = useTranslation(["account", "common"]);
  const kind = verify.kind ?? "device";
  const codeChannel = verify.channels.includes("email") ? "email" : "mobile";
  const [codes, setCodes] = useState({ code: "", googleCode: "" });
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body: Record<string, string> = { token: verify.token };
      if (kind === "system") body.verifyCode = codes.code.trim();
      else if (kind !== "auth") body[codeChannel === "email" ? "emailCode" : "mobileCode"] = codes.code.trim();
      if (verify.channels.includes("google")) body.googleCode = codes.googleCode.trim();
      onDone(await browserHttp().post<{ verify?: Verify }>(VERIFY_STEP_PATHS[kind], body));
    } catch (err) {
      setError(errorKey(err));
    } finally {
      setBusy(false);
    }
  };

  const title = kind === "system" ? "login.systemTitle" : kind === "auth" ? "login.authTitle" : "common:auth.verifyTitle";
  const body =
    kind === "auth"
      ? "login.authBody"
      : kind === "system"
        ? codeChannel === "email"
          ? "login.systemSentEmail"
          : "login.systemSentMobile"
        : codeChannel === "email"
          ? "common:auth.verifySentEmail"
          : "common:auth.verifySentMobile";
  return (
    <AuthCard id="verify-title" title={t(title)}>
      <p>{t(body)}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {kind !== "auth" && (
          <Field
            label={t(codeChannel === "email" ? "common:auth.emailCode" : "common:auth.mobileCode")}
            autoFocus
            {...CODE}
            {...bind(codes, setCodes, "code")}
            error={error}
          />
        )}
        {verify.channels.includes("google") && (
          <Field
            label={t("common:auth.googleCode")}
            autoFocus={kind === "auth"}
            {...CODE}
            {...bind(codes, setCodes, "googleCode")}
            error={kind === "auth" ? error : undefined}
          />
        )}
        <SubmitButton busy={busy} label={t("common:auth.confirm")} block />
      </form>
    </AuthCard>
  );
}
