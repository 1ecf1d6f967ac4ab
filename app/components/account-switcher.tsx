import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { showToast } from "~/lib/toast";
import { errorKey } from "~/lib/auth/forms";
import { switchAccount } from "~/lib/auth/switch-account";
import { browserHttp } from "~/lib/http/browser-client";
import { LocaleLink } from "./locale-link";

interface SubList {
  main: { userId: string; nickName: string };
  list: Array<{ userId: string; nickName: string; frozen: boolean }>;
}

/** Switches between the main account and its sub-accounts (the encrypted switchWeb call). */
export function AccountSwitcher({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation("common");
  const [open, setOpen] = useState(false);
  const [accounts, setAccounts] = useState<SubList | null>(null);

  const toggle = async () => {
    const next = !open;
    setOpen(next);
    if (next && !accounts) {
      try {
        setAccounts(await browserHttp().post<SubList>(ACCOUNT_PATHS.subList, {}));
      } catch (err) {
        showToast(t(errorKey(err)));
        setOpen(false);
      }
    }
  };

  const switchTo = (userId: string) => switchAccount(userId).catch((err: unknown) => showToast(t(errorKey(err))));

  const entries = accounts
    ? [{ userId: accounts.main.userId, nickName: accounts.main.nickName || t("nav.mainAccount"), frozen: false }, ...accounts.list]
    : [];
  return (
    <div className="account-switcher">
      <button type="button" className="button" aria-expanded={open} aria-controls="account-list" onClick={() => void toggle()}>
        {t("nav.switchAccount")}
      </button>
      {open && (
        <ul id="account-list" className="menu" aria-busy={!accounts}>
          {entries.map((a) => (
            <li key={a.userId}>
              <button
                type="button"
                disabled={a.frozen || a.userId === currentUserId}
                aria-current={a.userId === currentUserId || undefined}
                onClick={() => void switchTo(a.userId)}
              >
                {a.nickName} <span className="muted">{a.userId}</span>
              </button>
            </li>
          ))}
          <li>
            <LocaleLink to="/subaccount">{t("account:sub.manage")}</LocaleLink>
          </li>
        </ul>
      )}
    </div>
  );
}
