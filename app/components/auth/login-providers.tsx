import { useTranslation } from "react-i18next";
import type { LoginConfig } from "../../../protocol/account-paths";
import { safeRedirect } from "~/lib/safe-redirect";

/**
 * The login methods a gateway offers besides the password (docs/decisions/502): one link per
 * provider its login config lists, each to a same-origin path where the provider's flow starts.
 * Nothing is shown for providers the gateway does not list, nor for a start that leaves the site.
 */
export function LoginProviders({ providers }: LoginConfig) {
  const { t } = useTranslation("account");
  const usable = providers.filter((p) => safeRedirect(p.startUrl, "") !== "");
  if (usable.length === 0) return null;
  return (
    <nav aria-label={t("login.providersLabel")} className="login-providers">
      <ul>
        {usable.map((p) => (
          <li key={p.id}>
            <a className="button block" href={p.startUrl}>
              {t(`login.provider.${p.id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
