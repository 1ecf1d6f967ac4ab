import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { privateMeta } from "~/lib/i18n/meta";
import { ACCOUNT_LIMITS, ACCOUNT_PATHS, type SecondFactor } from "../../protocol/account-paths";
import { Field } from "~/components/auth/field";
import { bind, FormEnd } from "~/components/ui/form";
import { KeyList } from "~/components/ui/key-list";
import { SecondFactorField, secondFactorFields } from "~/components/security/second-factor-field";
import { useAsync } from "~/lib/async-state";
import { errorKey, refusal, type FieldErrors } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { showFound, useSubmit } from "~/lib/use-submit";
import { requireUserLoader } from "~/utils/user.server";
import { AuthCard } from "~/components/auth/auth-card";
import { LocaleLink } from "~/components/locale-link";

export const meta = privateMeta("api.newTitle");
export const loader = requireUserLoader;

interface Created {
  apiKey: string;
  secretKey: string;
  label: string;
}

/** A key permission's box, its label after it. */
function Permission({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="field checkbox">
      <label>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
      </label>
    </div>
  );
}

/**
 * Creates an API key for bots; the secret is shown this once and never again. Creating one needs
 * the second factor (docs/decisions/506), which the key list names. A key that may withdraw needs
 * an IP list and what a web withdrawal needs, Google Authenticator's code (docs/decisions/342):
 * the form says so beside the fields as soon as the box is ticked.
 */
export default function NewApiKey() {
  const { t } = useTranslation("common");
  const { t: tw } = useTranslation("wallet");
  const [form, setForm] = useState({ label: "", passphrase: "", trade: false, withdraw: false, ips: "", code: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [ipsError, setIpsError] = useState<string | undefined>();
  const [created, setCreated] = useState<Created | null>(null);
  const load = useCallback(() => browserHttp().post<{ secondFactor: SecondFactor }>(ACCOUNT_PATHS.apiKeyList, {}), []);
  const [keys] = useAsync(load);
  const factor = keys.state === "ready" ? keys.data.secondFactor : undefined;

  const ipAllow = form.ips
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  // Withdrawing needs Google Authenticator, whatever factor the other permissions would take.
  const withdrawBlocked = form.withdraw && factor !== undefined && factor.kind !== "google";
  const { busy, onSubmit } = useSubmit({
    check: () => {
      if (!factor || withdrawBlocked) return false;
      const ipsMissing = form.withdraw && ipAllow.length === 0;
      setIpsError(ipsMissing ? "api.errors.ipsRequired" : undefined);
      if (ipsMissing) return false;
      const formOk =
        form.label.trim() !== "" &&
        form.passphrase.length >= 8 &&
        form.passphrase.length <= 32 &&
        ipAllow.length <= ACCOUNT_LIMITS.apiKeyIps;
      const codeOk = /^\d{6}$/.test(form.code.trim());
      const found: FieldErrors = !formOk ? { form: "api.errors.form" } : !codeOk ? { code: "auth.errors.code" } : {};
      return showFound(found, setErrors);
    },
    send: async () => {
      if (!factor) return;
      setCreated(
        await browserHttp().post<Created>(ACCOUNT_PATHS.apiKeyCreate, {
          label: form.label.trim(),
          passphrase: form.passphrase,
          permissions: ["read", ...(form.trade ? ["trade"] : []), ...(form.withdraw ? ["withdraw"] : [])],
          ipAllow,
          ...secondFactorFields(factor, form.code),
        }),
      );
      setForm({ label: "", passphrase: "", trade: false, withdraw: false, ips: "", code: "" });
    },
    failed: (err) => setErrors(refusal(err)),
  });

  if (created) {
    return (
      <AuthCard id="created-title" title={t("api.createdTitle")} next={{ to: "/subaccount/setting/api", label: t("api.done") }}>
        <p role="alert" className="notice">
          {t("api.secretOnce")}
        </p>
        <KeyList
          items={[
            { term: t("api.apiKey"), value: created.apiKey, testId: "api-key" },
            { term: t("api.secretKey"), value: created.secretKey, testId: "api-secret" },
          ]}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard id="newapi-title" title={t("api.newTitle")}>
      <form onSubmit={onSubmit} noValidate>
        <Field label={t("api.label")} {...bind(form, setForm, "label")} maxLength={32} required />
        <Field
          label={t("api.passphrase")}
          {...bind(form, setForm, "passphrase")}
          type="password"
          autoComplete="new-password"
          hint={t("api.passphraseHint")}
          required
        />
        <Permission label={t("api.allowTrade")} checked={form.trade} onChange={(trade) => setForm({ ...form, trade })} />
        <Permission label={tw("apiKey.allowWithdraw")} checked={form.withdraw} onChange={(withdraw) => setForm({ ...form, withdraw })} />
        <Field
          label={t(form.withdraw ? "api.ipsRequired" : "api.ips")}
          {...bind(form, setForm, "ips")}
          hint={t(form.withdraw ? "api.ipsWithdrawHint" : "api.ipsHint")}
          error={ipsError}
          required={form.withdraw}
        />
        {withdrawBlocked && (
          <p role="alert" className="notice error">
            {t("api.withdrawNeedsGoogle")} <LocaleLink to="/modifyverification">{t("api.securitySettings")}</LocaleLink>
          </p>
        )}
        {keys.state === "error" && (
          <p role="alert" className="notice error">
            {t(errorKey(keys.error))}
          </p>
        )}
        {factor && (
          <SecondFactorField
            factor={factor}
            value={form.code}
            onChange={(code) => setForm({ ...form, code })}
            error={errors.code}
            onError={setErrors}
          />
        )}
        <FormEnd
          error={errors.form && t(errors.form)}
          busy={busy}
          disabled={!factor || factor.kind === "none" || withdrawBlocked}
          label={t("api.create")}
          block
        />
      </form>
    </AuthCard>
  );
}
