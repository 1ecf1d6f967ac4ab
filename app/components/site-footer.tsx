import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";

/** The public pages about the exchange itself: its fees and VIP levels, its reserves, its fund, its apps. */
const ABOUT = [
  { to: "/fee", ns: "vip", key: "nav.fee" },
  { to: "/vip/vipIntroduce", ns: "vip", key: "nav.introduce" },
  { to: "/proof-of-reserves", ns: "reserves", key: "por.title" },
  { to: "/protection-fund", ns: "reserves", key: "fund.title" },
  { to: "/download", ns: "reserves", key: "download.title" },
] as const;

export function SiteFooter() {
  const { t } = useTranslation("common");
  return (
    <footer className="site-footer">
      <nav aria-label={t("footer.about")}>
        <ul className="footer-links">
          {ABOUT.map((l) => (
            <li key={l.to}>
              <LocaleLink to={l.to}>{t(l.key, { ns: l.ns })}</LocaleLink>
            </li>
          ))}
        </ul>
      </nav>
      <p>{t("footer.rights", { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}
