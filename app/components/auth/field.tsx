import { useId, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

/** A labelled input whose error sits beside it and is announced with it. */
export function Field({
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }) {
  const { t } = useTranslation("common");
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** E-mail or mobile, as tabs: arrow keys move between them (WAI-ARIA tabs pattern). */
export function MethodTabs({ value, onChange }: { value: "email" | "mobile"; onChange(v: "email" | "mobile"): void }) {
  const { t } = useTranslation("common");
  const options = ["email", "mobile"] as const;
  return (
    <div role="tablist" aria-label={t("auth.method")} className="tabs">
      {options.map((o) => (
        <button
          key={o}
          type="button"
          role="tab"
          aria-selected={value === o}
          tabIndex={value === o ? 0 : -1}
          className={value === o ? "tab active" : "tab"}
          onClick={() => onChange(o)}
          onKeyDown={(e) => {
            if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
              const next = options[(options.indexOf(o) + 1) % 2]!;
              onChange(next);
              (e.currentTarget.parentElement?.querySelector(`[data-tab="${next}"]`) as HTMLElement | null)?.focus();
            }
          }}
          data-tab={o}
        >
          {t(o === "email" ? "auth.email" : "auth.mobile")}
        </button>
      ))}
    </div>
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
  if (value.method === "email") {
    return (
      <Field
        label={t("auth.email")}
        name="email"
        type="email"
        autoComplete={purpose === "login" ? "username" : "email"}
        required
        value={value.email}
        onChange={(e) => onChange({ ...value, email: e.target.value })}
        error={errors.account}
      />
    );
  }
  return (
    <div className="field-row">
      <Field
        label={t("auth.areaCode")}
        name="areaCode"
        inputMode="tel"
        autoComplete="tel-country-code"
        required
        size={5}
        value={value.areaCode}
        onChange={(e) => onChange({ ...value, areaCode: e.target.value })}
        error={errors.areaCode}
      />
      <Field
        label={t("auth.mobile")}
        name="mobile"
        inputMode="tel"
        autoComplete={purpose === "login" ? "username" : "tel-national"}
        required
        value={value.mobile}
        onChange={(e) => onChange({ ...value, mobile: e.target.value })}
        error={errors.account}
      />
    </div>
  );
}
