import { useTranslation } from "react-i18next";

export function SiteFooter() {
  const { t } = useTranslation("common");
  return (
    <footer className="site-footer">
      <p>{t("footer.rights", { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}
