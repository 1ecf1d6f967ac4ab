import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocaleNavLink } from "~/components/locale-link";

/** The security pages, each its own address (docs/product.md), in one navigation. */
const PAGES = [
  { to: "/modifyverification", key: "common:security.title" },
  { to: "/subaccount/setting/antiphishing", key: "common:security.antiPhishingTitle" },
  { to: "/subaccount/setting/devices", key: "common:security.devicesTitle" },
  { to: "/subaccount/setting/history", key: "common:security.historyTitle" },
  { to: "/subaccount/setting/api", key: "common:api.title" },
] as const;

/** The security pages' layout: their navigation beside the page's own content and heading. */
export function SecurityPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation("account");
  return (
    <div className="settings-layout">
      <nav aria-label={t("security.navLabel")} className="settings-nav">
        <ul>
          {PAGES.map((p) => (
            <li key={p.to}>
              <LocaleNavLink to={p.to} end>
                {t(p.key)}
              </LocaleNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-main">{children}</div>
    </div>
  );
}

/** A security page whose whole content is one card that names the page (its heading is the h1). */
export function securitySectionPage(Section: (props: { heading: "h1" }) => ReactNode) {
  return function SecuritySectionPage() {
    return (
      <SecurityPage>
        <Section heading="h1" />
      </SecurityPage>
    );
  };
}
