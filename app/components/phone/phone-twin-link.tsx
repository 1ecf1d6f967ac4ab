import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { splitLocalePath } from "~/lib/i18n/locale-path";
import { phoneTwinOf } from "~/lib/trade/phone-paths";

/**
 * On a desktop trading screen (spot, margin, USDT-M futures), a banner that leads a phone to the
 * screen's touch twin (docs/decisions/723). Rendered on every page, it shows only there, and
 * (its stylesheet says) only in a narrow window.
 */
export function PhoneTwinLink() {
  const { t } = useTranslation("phone");
  const { rest } = splitLocalePath(useLocation().pathname);
  const to = phoneTwinOf(rest);
  if (!to) return null;
  return (
    <p className="phone-twin" data-testid="phone-twin">
      <LocaleLink to={to}>{t("twin")}</LocaleLink>
    </p>
  );
}
