import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { showToast } from "~/lib/toast";
import { errorKey } from "~/lib/auth/forms";
import { switchAccount } from "~/lib/auth/switch-account";
import { browserHttp } from "~/lib/http/browser-client";
import type { Account } from "./types";

/** The sub-accounts with their USDT, and what the main account can do with each. */
export function SubAccountTable({ subs, usdtOf, onChanged }: { subs: Account[]; usdtOf(userId: string): string; onChanged(): void }) {
  const { t } = useTranslation(["account", "common"]);
  const act = async (fn: () => Promise<unknown>, message?: string) => {
    try {
      await fn();
      if (message) showToast(message);
    } catch (err) {
      showToast(t(errorKey(err)));
    }
  };
  const freeze = (a: Account, frozen: boolean) =>
    act(async () => {
      await browserHttp().post(ACCOUNT_PATHS.subFreeze, { userId: a.userId, frozen });
      onChanged();
    }, t(frozen ? "sub.frozenDone" : "sub.unfrozenDone", { name: a.nickName }));

  return (
    <section className="card" aria-labelledby="subs-title">
      <h2 id="subs-title">{t("sub.listTitle")}</h2>
      {subs.length === 0 ? (
        <p>{t("sub.none")}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("sub.nickName")}</th>
              <th scope="col">{t("sub.userId")}</th>
              <th scope="col">{t("sub.status")}</th>
              <th scope="col" className="num">{t("sub.usdt")}</th>
              <th scope="col"><span className="visually-hidden">{t("common:security.actions")}</span></th>
            </tr>
          </thead>
          <tbody>
            {subs.map((a) => (
              <tr key={a.userId}>
                <th scope="row">{a.nickName}</th>
                <td>{a.userId}</td>
                <td>{t(a.frozen ? "sub.frozenState" : "sub.active")}</td>
                <td className="num">{usdtOf(a.userId)}</td>
                <td className="num">
                  <div className="row-actions">
                    <button type="button" className="button" disabled={a.frozen} aria-label={t("sub.switchTo", { name: a.nickName })}
                      onClick={() => void act(() => switchAccount(a.userId))}>{t("sub.switch")}</button>
                    <button type="button" className="button" aria-label={t(a.frozen ? "sub.unfreezeLabel" : "sub.freezeLabel", { name: a.nickName })}
                      onClick={() => void freeze(a, !a.frozen)}>{t(a.frozen ? "sub.unfreeze" : "sub.freeze")}</button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
