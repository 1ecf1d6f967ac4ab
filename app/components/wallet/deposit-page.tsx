/**
 * `/asset/recharge` (docs/decisions/710): the coin and network, the deposit address with its QR code
 * and copy button, the network's minimum and confirmations, a simulated deposit in simulation mode,
 * and the recent deposits, read again while one is still gaining confirmations.
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { DecimalInput } from "~/components/futures/decimal-input";
import { QrCode } from "~/components/qr-code";
import { AsyncTable } from "~/components/trade/async-table";
import { DemoSwitch } from "~/components/trade/demo-switch";
import { AsyncCard } from "~/components/ui/async-card";
import { SubmitButton } from "~/components/ui/form";
import { useAsync } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { useSimulationMode } from "~/lib/simulation/simulation-mode";
import { showToast } from "~/lib/toast";
import { wallet, WALLET_PATHS, type WalletChain } from "~/lib/wallet/api";
import { CoinChainPicker, stillMoving, useCoinChain, useLiveList, useRecordColumns } from "./wallet-parts";
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

/** Simulation mode only: a deposit the signed-in trader sends themself on the simulated chain. */
function SimulateDeposit({ coin, chain, onSent }: { coin: string; chain: WalletChain; onSent: () => void }) {
  const { t } = useTranslation("wallet");
  const [size, setSize] = useState(chain.minDeposit);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="wallet-simulate"
      aria-labelledby="simulate-title"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          await browserHttp().post(WALLET_PATHS.simulateDeposit, { coin, chain: chain.chain, size });
          showToast(t("simulate.done"));
          onSent();
        } catch (err) {
          showToast(t("failed", { msg: errorText(err) }));
        }
        setBusy(false);
      }}
    >
      <h2 id="simulate-title">{t("simulate.title")}</h2>
      <p className="muted">{t("simulate.hint")}</p>
      <DecimalInput label={t("col.amount")} value={size} onChange={setSize} data-testid="simulate-amount" />
      <SubmitButton busy={busy} label={t("simulate.send")} />
    </form>
  );
}

export function DepositPage() {
  const { t } = useTranslation("wallet");
  const { coin, chain, setCoin, setChain } = useCoinChain();
  const simulation = useSimulationMode();
  const load = useCallback(() => wallet.deposits({ coin }), [coin]);
  const [records, reload, moving] = useLiveList(load, stillMoving);
  return (
    <section className="card wallet-page" aria-labelledby="recharge-title">
      <h1 id="recharge-title">{t("title.recharge")}</h1>
      <WalletNav />
      <DemoSwitch />
      <CoinChainPicker coin={coin} chain={chain} onCoin={setCoin} onChain={setChain} />
      <AddressCard key={`${coin}:${chain.chain}`} coin={coin} chain={chain} />
      {simulation && <SimulateDeposit key={`${coin}:${chain.chain}`} coin={coin} chain={chain} onSent={reload} />}
      <h2>
        {t("recentDeposits")}{" "}
        {moving && (
          <span className="muted small" aria-live="polite">
            {t("updating")}
          </span>
        )}
      </h2>
      <AsyncTable value={records} empty={t("none")} columns={useRecordColumns(false)} rowKey={(r) => r.orderId} testId="deposit-records" />
    </section>
  );
}
