import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS, type SecondFactor } from "../../../protocol/account-paths";
import { CodeField } from "~/components/auth/field";
import { browserHttp } from "~/lib/http/browser-client";
import { refusal, type FieldErrors } from "~/lib/auth/forms";

/** The body fields of a second factor: the TOTP code, or the code of the `api-key` scene. */
export function secondFactorFields(factor: SecondFactor, code: string): { googleCode?: string; verifyCode?: string } {
  return factor.kind === "google" ? { googleCode: code.trim() } : { verifyCode: code.trim() };
}

/**
 * The code an API key change needs (docs/decisions/506): the authenticator's when Google
 * Authenticator is bound, else one sent to the account's e-mail or phone with a send button.
 */
export function SecondFactorField({
  factor,
  value,
  onChange,
  error,
  onError,
}: {
  factor: SecondFactor;
  value: string;
  onChange(code: string): void;
  error?: string;
  onError(errors: FieldErrors): void;
}) {
  const { t } = useTranslation("common");
  if (factor.kind === "none")
    return (
      <p role="alert" className="notice error">
        {t("api.factorNone")}
      </p>
    );
  const google = factor.kind === "google";
  const send = async () => {
    try {
      await browserHttp().post(ACCOUNT_PATHS.sendCode, { scene: "api-key" });
      return true;
    } catch (err) {
      onError(refusal(err));
      return false;
    }
  };
  return (
    <CodeField
      label={t(google ? "api.factorGoogle" : "api.factorCode")}
      name="second-factor"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={t(google ? "api.factorGoogleHint" : factor.channel === "mobile" ? "api.factorMobileHint" : "api.factorEmailHint")}
      send={google ? undefined : send}
    />
  );
}
