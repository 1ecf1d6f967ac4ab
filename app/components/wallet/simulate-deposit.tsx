/**
 * The simulation account's deposits (docs/decisions/710): simulation mode allows the asset pages but
 * not `/asset/recharge`, so its "Deposit" opens this panel there. The trader picks a coin and a
 * network and sends themself an amount on the simulated chain; the list below counts its
 * confirmations until it is credited.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { preferredChain } from "~/lib/wallet/preferred-chain";
import { DecimalInput } from "~/components/ui/decimal-input";
import { SubmitButton } from "~/components/ui/form";
import { postWithToast } from "~/lib/http/post-with-toast";
import { coinOrFirst, WALLET_PATHS, type WalletChain } from "~/lib/wallet/api";
import { CoinChainPicker, RecentDeposits, useRecentDeposits } from "./wallet-parts";

function SimulateDepositForm({ coin, chain, onSent }: { coin: string; chain: WalletChain; onSent: () => void }) {
  const { t } = useTranslation("wallet");
  const [size, setSize] = useState(chain.minDeposit);
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const sent = await postWithToast(
          WALLET_PATHS.simulateDeposit,
          { coin, chain: chain.chain, size },
          { done: t("simulate.done"), failed: (msg) => t("failed", { msg }) },
        );
        setBusy(false);
        if (sent) onSent();
      }}
    >
      <DecimalInput label={t("col.amount")} value={size} onChange={setSize} data-testid="simulate-amount" />
      <SubmitButton busy={busy} label={t("simulate.send")} />
    </form>
  );
}

/** A deposit on the simulated chain for the simulation account, with its recent deposits. */
export function SimulatedDeposit({ initialCoin }: { initialCoin?: string }) {
  const { t } = useTranslation("wallet");
  const [coin, setCoin] = useState(coinOrFirst(initialCoin ?? null).coin);
  const [remembered] = useLocalPref("walletChains");
  // as the deposit page: the network picked last for the coin, else the cheapest (docs/decisions/716)
  const [picked, setChain] = useState<string>();
  const chainName = picked ?? preferredChain(coinOrFirst(coin), remembered);
  const networks = coinOrFirst(coin).chains;
  const chain = networks.find((n) => n.chain === chainName) ?? (networks[0] as WalletChain);
  const list = useRecentDeposits(coin);
  return (
    <section className="card wallet-simulate" aria-labelledby="simulate-title" data-testid="simulated-deposit">
      <h2 id="simulate-title" tabIndex={-1}>
        {t("simulate.title")}
      </h2>
      <p className="muted">{t("simulate.hint")}</p>
      <CoinChainPicker
        coin={coin}
        chain={chain}
        onCoin={(c) => {
          setCoin(c);
          setChain(undefined);
        }}
        onChain={setChain}
      />
      <SimulateDepositForm key={`${coin}:${chain.chain}`} coin={coin} chain={chain} onSent={list[1]} />
      <RecentDeposits list={list} Heading="h3" />
    </section>
  );
}
