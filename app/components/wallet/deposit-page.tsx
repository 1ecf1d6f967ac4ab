/**
 * `/asset/recharge` (docs/decisions/710): the coin and network, the deposit address with its QR code
 * and copy button, the network's minimum and confirmations, and the recent deposits, read again while
 * one is still gaining confirmations. (The simulation account's deposits are made from its asset
 * pages, the pages simulation mode allows: simulate-deposit.tsx.)
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { QrCode } from "~/components/qr-code";
import { AsyncCard } from "~/components/ui/async-card";
import { useAsync } from "~/lib/async-state";
import { showToast } from "~/lib/toast";
import { wallet, type WalletChain } from "~/lib/wallet/api";
import { CoinChainPicker, RecentDeposits, useCoinChain, useRecentDeposits } from "./wallet-parts";
import { WalletNav } from "./wallet-nav";

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A value to copy (an address, a tag) with its button. */
function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation("wallet");
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => showToast(t("copied")),
      (err: unknown) => showToast(t("failed", { msg: errorText(err) })),
    );
  return (
    <>
      <p className="field-label">{label}</p>
      <p className="wallet-break mono" data-testid={testId}>
        {value}
      </p>
      <button type="button" className="button small" onClick={() => void copy()}>
        {t("copy")}
      </button>
    </>
  );
}

function AddressCard({ coin, chain }: { coin: string; chain: WalletChain }) {
  const { t } = useTranslation("wallet");
  const load = useCallback(() => wallet.address(coin, chain.chain), [coin, chain.chain]);
  const [address] = useAsync(load);
  return (
    <AsyncCard value={address} name={{ label: t("address") }}>
      {(a) => (
        <div className="wallet-address">
          <QrCode value={a.address} label={t("qr")} />
          <div>
            <CopyLine label={t("address")} value={a.address} testId="deposit-address" />
            {a.tag && (
              <>
                <CopyLine label={t("tag")} value={a.tag} testId="deposit-tag" />
                <p role="note" className="notice">
                  {t("tagNeeded")}
                </p>
              </>
            )}
            <ul className="wallet-facts">
              <li>{t("minDeposit", { amount: chain.minDeposit, coin })}</li>
              <li>{t("confirmations", { n: chain.depositConfirm })}</li>
            </ul>
          </div>
        </div>
      )}
    </AsyncCard>
  );
}

export function DepositPage() {
  const { t } = useTranslation("wallet");
  const { coin, chain, setCoin, setChain } = useCoinChain();
  const list = useRecentDeposits(coin);
  return (
    <section className="card wallet-page" aria-labelledby="recharge-title">
      <h1 id="recharge-title">{t("title.recharge")}</h1>
      <WalletNav />
      <CoinChainPicker coin={coin} chain={chain} onCoin={setCoin} onChain={setChain} />
      <AddressCard key={`${coin}:${chain.chain}`} coin={coin} chain={chain} />
      <RecentDeposits list={list} Heading="h2" />
    </section>
  );
}
