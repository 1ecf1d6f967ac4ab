import { useId, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { SendCodeButton } from "~/components/auth/send-code-button";
import { bind, FieldNotes } from "~/components/ui/form";
import { Tabs } from "~/components/ui/tabs";

export type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input whose error sits beside it and is announced with it. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const { t } = useTranslation("common");
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <FieldNotes id={id} hint={hint} error={error && t(error)} />
    </div>
  );
}

/** A 6-digit code's field, with a "Send code" button beside it when the code comes by message. */
export function CodeField({ send, ...field }: FieldProps & { send?: () => Promise<boolean> }) {
  return (
    <div className="field-row align-end">
      <Field name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...field} />
      {send && <SendCodeButton send={send} />}
    </div>
  );
}

/** E-mail or mobile, as tabs (the house's ARIA tabs: arrow keys, Home and End, mirrored in RTL). */
export function MethodTabs({ value, onChange }: { value: "email" | "mobile"; onChange(v: "email" | "mobile"): void }) {
  const { t } = useTranslation("common");
  return (
    <Tabs
      label={t("auth.method")}
      tabs={[
        { id: "email", label: t("auth.email") },
        { id: "mobile", label: t("auth.mobile") },
      ]}
      active={value}
      onSelect={(id) => onChange(id === "mobile" ? "mobile" : "email")}
    />
  );
}

type Account = { method: "email" | "mobile"; email: string; areaCode: string; mobile: string };

/** The account part of a login or sign-up form: an e-mail, or a country code and mobile number. */
export function AccountFields<T extends Account>({
  value,
  onChange,
  errors,
  purpose,
}: {
  value: T;
  onChange(next: NoInfer<T>): void;
  errors: { account?: string; areaCode?: string };
  purpose: "login" | "register";
}) {
  const { t } = useTranslation("common");
  // A login names the account as the browser's saved username; a sign-up gives a new address.
  const login = purpose === "login";
  const field = (key: "email" | "areaCode" | "mobile", input: InputHTMLAttributes<HTMLInputElement>, error: string | undefined) => (
    <Field label={t(`auth.${key}`)} required {...input} {...bind(value, onChange, key)} error={error} />
  );
  if (value.method === "email") return field("email", { type: "email", autoComplete: login ? "username" : "email" }, errors.account);
  return (
    <div className="field-row">
      {field("areaCode", { inputMode: "tel", autoComplete: "tel-country-code", size: 5 }, errors.areaCode)}
      {field("mobile", { inputMode: "tel", autoComplete: login ? "username" : "tel-national" }, errors.account)}
    </div>
  );
}
