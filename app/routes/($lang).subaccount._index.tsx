import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { V2 } from "../../protocol/bitget";
import { CreateSubForm } from "~/components/sub-accounts/create-sub-form";
import { SubAccountTable } from "~/components/sub-accounts/sub-account-table";
import { TransferForm } from "~/components/sub-accounts/transfer-form";
import type { Account, Asset } from "~/components/sub-accounts/types";
import { useAsync } from "~/lib/async-state";
import { errorKey } from "~/lib/auth/forms";
import { switchAccount } from "~/lib/auth/switch-account";
import { browserHttp } from "~/lib/http/browser-client";
import { formatCoin } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { useAction } from "~/lib/use-action";
import { privateMeta } from "~/lib/i18n/meta";
import { requireUser } from "~/utils/user.server";

export const meta = privateMeta("sub.title", "account");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  return { subAccount: user.subAccount };
}

interface SubList {
  main: { userId: string; nickName: string };
  list: Account[];
}

/** Balances of the main account and of every sub-account (live; signed reads). */
async function loadAll() {
  const http = browserHttp();
  const [accounts, mainAssets, subAssets] = await Promise.all([
    http.post<SubList>(ACCOUNT_PATHS.subList, {}),
    http.get<Asset[]>(V2.assets),
    http.get<Array<{ userId: string; assetsList: Asset[] }>>(V2.subaccountAssets),
  ]);
  const assets = new Map<string, Asset[]>([
    [accounts.main.userId, mainAssets],
    ...subAssets.map((s) => [s.userId, s.assetsList] as [string, Asset[]]),
  ]);
  return { accounts, assets };
}

/** A sub-account sees whose it is and the way back; managing belongs to the main account. */
function InSubAccount() {
  const { t } = useTranslation(["account", "common"]);
  const load = useCallback(() => browserHttp().post<SubList>(ACCOUNT_PATHS.subList, {}), []);
  const [list] = useAsync(load);
  const act = useAction();
  return (
    <section className="card">
      <p>{t("sub.inSubAccount")}</p>
      {list.state === "ready" && (
        <button type="button" className="button primary" onClick={() => void act(() => switchAccount(list.data.main.userId))}>
          {t("sub.backToMain")}
        </button>
      )}
    </section>
  );
}

function Overview({ accounts, assets, reload }: Awaited<ReturnType<typeof loadAll>> & { reload(): void }) {
  const { t } = useTranslation(["account", "common"]);
  const assetsOf = (userId: string) => assets.get(userId) ?? [];
  const { intl } = usePagePrefs();
  // USDT at its display precision in the reader's locale (docs/decisions/715).
  const usdtOf = (userId: string) => formatCoin(assetsOf(userId).find((a) => a.coin === "USDT")?.available ?? "0", "USDT", intl);
  const main: Account = { userId: accounts.main.userId, nickName: accounts.main.nickName || t("common:nav.mainAccount"), frozen: false };
  return (
    <>
      <p>{t("sub.mainBalance", { amount: usdtOf(main.userId) })}</p>
      <SubAccountTable subs={accounts.list} usdtOf={usdtOf} onChanged={reload} />
      {accounts.list.length > 0 && <TransferForm accounts={[main, ...accounts.list]} assetsOf={assetsOf} onDone={reload} />}
    </>
  );
}

export default function SubAccounts() {
  const { t } = useTranslation(["account", "common"]);
  const { subAccount } = useLoaderData<typeof loader>();
  const load = useCallback(() => (subAccount ? Promise.resolve(null) : loadAll()), [subAccount]);
  const [data, reload] = useAsync(load);

  return (
    <div>
      <h1>{t("sub.title")}</h1>
      <p className="lead">{t("sub.intro")}</p>
      {subAccount && <InSubAccount />}
      {!subAccount && <CreateSubForm onCreated={reload} />}
      {data.state === "loading" && <p aria-busy="true">{t("common:security.loading")}</p>}
      {data.state === "error" && (
        <p role="alert" className="notice error">
          {t(errorKey(data.error))}
        </p>
      )}
      {data.state === "ready" && data.data && <Overview {...data.data} reload={reload} />}
    </div>
  );
}
