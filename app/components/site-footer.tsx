import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { ABOUT_PAGES } from "~/lib/links/about-pages";

export function SiteFooter() {
  const { t } = useTranslation(["common", "footer"]);
  return (
    <footer className="site-footer">
      <nav aria-label={t("footer.about")}>
        <ul className="footer-links">
          {ABOUT_PAGES.map((l) => (
            <li key={l.to}>
              <LocaleLink to={l.to}>{t(l.key, { ns: "footer" })}</LocaleLink>
            </li>
          ))}
          {/* the events site has its own shell and runtime (docs/decisions/800); the app still leads to it */}
          <li>
            <LocaleLink to="/events" reloadDocument>
              {t("nav.events")}
            </LocaleLink>
          </li>
        </ul>
      </nav>
      <p>{t("footer.rights", { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}
