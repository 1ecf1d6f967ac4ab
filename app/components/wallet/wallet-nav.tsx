import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";

/** Links between the deposit, withdraw and records pages. */
export function WalletNav() {
  const { t } = useTranslation("wallet");
  return (
    <nav aria-label={t("nav")} className="page-nav">
      <LocaleLink to="/asset/recharge">{t("title.recharge")}</LocaleLink>
      {" · "}
      <LocaleLink to="/asset/withdraw">{t("title.withdraw")}</LocaleLink>
      {" · "}
      <LocaleLink to="/transac">{t("title.transac")}</LocaleLink>
    </nav>
  );
}
