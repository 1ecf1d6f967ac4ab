import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_LIMITS, ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { Field } from "~/components/auth/field";
import { SubmitButton } from "~/components/ui/form";
import { showToast } from "~/lib/toast";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { useSubmit } from "~/lib/use-submit";

const RULE = new RegExp(`^[A-Za-z0-9_]{${ACCOUNT_LIMITS.antiPhishing.min},${ACCOUNT_LIMITS.antiPhishing.max}}$`);

/** Sets the code every message from the gateway shows; the code is never shown back in full. */
export function AntiPhishingForm({ heading: H = "h2" }: { heading?: "h1" | "h2" }) {
  const { t } = useTranslation("common");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { busy, onSubmit } = useSubmit({
    check: () => {
      const ok = RULE.test(code);
      setError(ok ? undefined : "security.antiPhishingRule");
      return ok;
    },
    send: async () => {
      await browserHttp().post(ACCOUNT_PATHS.antiPhishing, { code });
      setCode("");
      showToast(t("security.saved"));
    },
    failed: (err) => setError(errorKey(err)),
  });
  return (
    <section className="card" aria-labelledby="ap-title">
      <H id="ap-title">{t("security.antiPhishingTitle")}</H>
      <p>{t("security.antiPhishingBody")}</p>
      <form onSubmit={onSubmit} noValidate className="inline-form">
        <Field
          label={t("security.antiPhishingLabel")}
          name="antiPhishing"
          value={code}
          maxLength={ACCOUNT_LIMITS.antiPhishing.max}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
          error={error}
          hint={t("security.antiPhishingRule")}
        />
        <SubmitButton busy={busy} label={t("security.save")} />
      </form>
    </section>
  );
}
