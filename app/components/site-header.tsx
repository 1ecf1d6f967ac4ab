import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Only sections that work are listed; later sections add themselves here as they ship. */
const NAV = [{ to: "/", key: "nav.markets", end: true }] as const;

export function SiteHeader() {
  const { t } = useTranslation("common");
  return (
    <header className="site-header">
      <NavLink to="/" className="brand" aria-label="Mix Exchange">
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 18 9 6l3 6 3-6 6 12" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
        </svg>
        <span>Mix</span>
      </NavLink>
      <nav aria-label={t("nav.main")}>
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end}>{t(item.key)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
