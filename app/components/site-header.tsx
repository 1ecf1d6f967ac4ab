import { LocaleLink, LocaleLinks, LocaleNavLink, useLocalize } from "~/components/locale-link";
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PATHS } from "../../protocol/paths";
import { browserHttp } from "~/lib/http/browser-client";
import { spotPath } from "~/lib/trade/paths";
import { futuresPath } from "~/lib/futures/paths";
import { marginPath } from "~/lib/margin/paths";
import { useRootData, type PageUser } from "~/lib/root-data";
import { AccountSwitcher } from "./account-switcher";
import { SettingsPanel } from "./settings-panel";

/** Only sections that work are listed; later sections add themselves here as they ship. */
const NAV = [
  { to: "/", key: "nav.markets", end: true },
  { to: spotPath(), key: "nav.trade", end: false },
  { to: marginPath(), key: "nav.margin", end: false },
  { to: futuresPath(), key: "nav.futures", end: false },
  { to: "/wiki", key: "nav.wiki", end: false },
  // the events site brings its own shell and chrome runtime (docs/decisions/800): a document load, not a client route
  { to: "/events", key: "nav.events", end: false, document: true },
] as const;

function UserMenu({ user }: { user: PageUser }) {
  const { t } = useTranslation("common");
  const [busy, setBusy] = useState(false);
  const localize = useLocalize();
  const logout = async () => {
    setBusy(true);
    const http = browserHttp();
    await http.post(PATHS.logout).catch(() => undefined);
    await http.post(PATHS.clearCookie).catch(() => undefined);
    window.location.assign(localize("/"));
  };
  return (
    <div className="header-end">
      <SettingsPanel />
      <AccountSwitcher currentUserId={user.userId} />
      <LocaleLinks
        className="header-link"
        links={[
          { to: "/asset", label: t("assets:nav.entry") },
          { to: "/subaccount", label: t("account:sub.title") },
        ]}
      />
      <LocaleLink to="/modifyverification" className="user-name" aria-label={`${user.userName}: ${t("auth.security")}`}>
        {user.userName}
      </LocaleLink>
      <button type="button" className="button" onClick={() => void logout()} disabled={busy} aria-busy={busy}>
        {t("auth.logout")}
      </button>
    </div>
  );
}

export function SiteHeader() {
  const { t } = useTranslation("common");
  const user = useRootData()?.user ?? null;
  const { pathname } = useLocation();
  // Below 768 px the navigation and the account links fold into a menu (docs/decisions/704).
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  return (
    <header className="site-header">
      <LocaleNavLink to="/" className="brand" aria-label="Mix Exchange">
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 18 9 6l3 6 3-6 6 12" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
        </svg>
        <span>Mix</span>
      </LocaleNavLink>
      <button
        type="button"
        className="button icon menu-toggle"
        aria-expanded={open}
        aria-controls="site-menu"
        aria-label={t("headerMenu")}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={open ? "M6 6l12 12M18 6 6 18" : "M4 7h16M4 12h16M4 17h16"} fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div
        id="site-menu"
        className="header-menu"
        data-open={open}
        onKeyDown={(e) => {
          if (e.key === "Escape" && open) {
            setOpen(false);
            document.querySelector<HTMLButtonElement>(".menu-toggle")?.focus();
          }
        }}
      >
        <nav aria-label={t("nav.main")}>
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <LocaleNavLink to={item.to} end={item.end} reloadDocument={"document" in item}>
                  {t(item.key)}
                </LocaleNavLink>
              </li>
            ))}
          </ul>
        </nav>
        {user ? (
          <UserMenu user={user} />
        ) : (
          <div className="header-end">
            <SettingsPanel />
            <LocaleLinks
              className="button"
              links={[
                { to: "/login", label: t("auth.login") },
                { to: "/register", label: t("auth.register"), className: "button primary" },
              ]}
            />
          </div>
        )}
      </div>
    </header>
  );
}
