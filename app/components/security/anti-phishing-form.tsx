import { useTranslation } from "react-i18next";
import { ACCOUNT_LIMITS, ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { OneFieldForm } from "~/components/ui/one-field-form";
import { browserHttp } from "~/lib/http/browser-client";

const RULE = new RegExp(`^[A-Za-z0-9_]{${ACCOUNT_LIMITS.antiPhishing.min},${ACCOUNT_LIMITS.antiPhishing.max}}$`);

/** Sets the code every message from the gateway shows; the code is never shown back in full. */
export function AntiPhishingForm({ heading = "h2" }: { heading?: "h1" | "h2" }) {
  const { t } = useTranslation("common");
  return (
    <OneFieldForm
      id="ap-title"
      title={t("security.antiPhishingTitle")}
      heading={heading}
      intro={<p>{t("security.antiPhishingBody")}</p>}
      field={{
        label: t("security.antiPhishingLabel"),
        name: "antiPhishing",
        maxLength: ACCOUNT_LIMITS.antiPhishing.max,
        hint: t("security.antiPhishingRule"),
      }}
      submitLabel={t("security.save")}
      problem={(code) => (RULE.test(code) ? undefined : "security.antiPhishingRule")}
      send={async (code) => {
        await browserHttp().post(ACCOUNT_PATHS.antiPhishing, { code });
        return t("security.saved");
      }}
    />
  );
}
