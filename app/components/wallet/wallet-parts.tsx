/**
 * What the deposit, withdraw and records pages share (docs/decisions/710): the coin and network
 * pickers (the coin kept in `?coin=`), the record columns and a list that reads itself again while
 * something on it is still moving.
 */
import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AsyncTable } from "~/components/trade/async-table";
import { formatTime } from "~/components/trade/time-text";
import type { Column } from "~/components/ui/data-table";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ValueSelect } from "~/components/ui/form";
import { RadioChoices } from "~/components/ui/radio-choices";
import type { Async } from "~/lib/async-state";
import { postWithToast } from "~/lib/http/post-with-toast";
import { formatCoin } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { coinOrFirst, wallet, WALLET_COINS, type DepositRecord, type WalletChain, type WithdrawalRecord } from "~/lib/wallet/api";
import { preferredChain, rememberChain } from "~/lib/wallet/preferred-chain";

const COIN_NAMES = WALLET_COINS.map((c) => c.coin);

/** The coin the address names (`?coin=BTC`, any case) and the chosen network of it. */
export function useCoinChain(): { coin: string; chain: WalletChain; setCoin: (c: string) => void; setChain: (c: string) => void } {
  const [params, setParams] = useSearchParams();
  const c = coinOrFirst(params.get("coin"));
  // the network picked last for the coin, else the cheapest (docs/decisions/716); a pick is remembered
  const [remembered, remember] = useLocalPref("walletChains");
  const [picked, setPicked] = useState<string>();
  const chainName = picked ?? preferredChain(c, remembered);
  const setChain = (name: string) => {
    setPicked(name);
    remember(rememberChain(remembered, c.coin, name));
  };
  const chain = c.chains.find((n) => n.chain === chainName) ?? (c.chains[0] as WalletChain);
  const setCoin = (coin: string) => {
    setParams(
      (p) => {
        p.set("coin", coin);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
    setPicked(undefined);
  };
  return { coin: c.coin, chain, setCoin, setChain };
}

/** The listed coins as a select; `all` adds a first choice of every coin (value ""). */
export function CoinSelect({ id, value, onChange, all }: { id: string; value: string; onChange: (c: string) => void; all?: string }) {
  const { t } = useTranslation("wallet");
  return <ValueSelect id={id} label={t("coin")} values={COIN_NAMES} value={value} onChange={onChange} all={all} testId={id} />;
}

export function CoinChainPicker({
  coin,
  chain,
  onCoin,
  onChain,
}: {
  coin: string;
  chain: WalletChain;
  onCoin: (c: string) => void;
  onChain: (c: string) => void;
}) {
  const { t } = useTranslation("wallet");
  const networks = coinOrFirst(coin).chains;
  return (
    <div className="wallet-picker">
      <CoinSelect id="wallet-coin" value={coin} onChange={onCoin} />
      <div className="field">
        <span className="field-label" aria-hidden="true">
          {t("network")}
        </span>
        <RadioChoices
          legend={t("network")}
          values={networks.map((n) => n.chain)}
          value={chain.chain}
          onChange={onChain}
          label={(v) => v}
          testId={(v) => `network-${v}`}
        />
      </div>
    </div>
  );
}

const STATUS: Record<string, string> = {
  pending: "status.pending",
  processing: "status.processing",
  success: "status.success",
  fail: "status.failed",
  failed: "status.failed",
  cancel: "status.cancelled",
  cancelled: "status.cancelled",
};

/** Deposit or withdrawal columns: time, coin, network, amount, (fee), status with confirmations, address, transaction. */
export function useRecordColumns<T extends DepositRecord | WithdrawalRecord>(withFee: boolean): Array<Column<T>> {
  const { t } = useTranslation("wallet");
  const { intl } = usePagePrefs();
  const n = (v: string, r: T) => formatCoin(v, r.coin, intl);
  const stateOf = (r: T) => ("state" in r ? r.state : r.status);
  const cols: Array<Column<T>> = [
    { header: t("col.time"), rowHeader: true, cell: (r) => formatTime(Number(r.cTime), intl) },
    { header: t("coin"), cell: (r) => r.coin },
    { header: t("network"), cell: (r) => r.chain },
    { header: t("col.amount"), num: true, cell: (r) => n(r.size, r) },
  ];
  if (withFee) cols.push({ header: t("col.fee"), num: true, cell: (r) => ("fee" in r ? n(r.fee, r) : "") });
  cols.push(
    {
      header: t("col.status"),
      testId: () => "record-status",
      cell: (r) => {
        const s = stateOf(r);
        const moving = s === "pending" || s === "processing";
        return (
          <span className={s === "success" ? "up" : s === "fail" || s === "failed" ? "down" : undefined}>
            {t(STATUS[s] ?? "status.pending")}
            {moving && r.needConfirm !== "0" && (s === "processing" || !("state" in r))
              ? ` (${t("col.confirmOf", { n: r.confirm, of: r.needConfirm })})`
              : ""}
          </span>
        );
      },
    },
    { header: t("col.address"), cellClass: "wallet-break", cell: (r) => (r.tag ? `${r.toAddress} (${r.tag})` : r.toAddress) },
    { header: t("col.txid"), cellClass: "wallet-break", cell: (r) => r.tradeId || "—" },
  );
  return cols;
}

/** A record's status for a spreadsheet and for the live list: still moving or not. */
export const stillMoving = (r: { status: string }) => r.status === "pending";

/**
 * A list that keeps what it shows while it reads again: every `pollMs` as long as `moving` holds
 * for a row (confirmations counting up), and on `reload()`.
 */
export function useLiveList<T>(
  load: () => Promise<readonly T[]>,
  moving: (row: T) => boolean,
  pollMs = 2000,
): [Async<readonly T[]>, () => void, boolean] {
  const [value, setValue] = useState<Async<readonly T[]>>({ state: "loading" });
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    setBusy(true);
    load().then(
      (data) => {
        if (!live) return;
        setValue({ state: "ready", data });
        setBusy(false);
      },
      (error: unknown) => {
        if (!live) return;
        setValue({ state: "error", error });
        setBusy(false);
      },
    );
    return () => {
      live = false;
    };
  }, [load, tick]);
  const anyMoving = value.state === "ready" && value.data.some(moving);
  useEffect(() => {
    if (!anyMoving || busy) return;
    const timer = setTimeout(reload, pollMs);
    return () => clearTimeout(timer);
  }, [anyMoving, busy, pollMs, reload]);
  return [value, reload, anyMoving];
}

/** A coin's recent deposits, read again while one is still gaining confirmations: `reload` after one is sent. */
export function useRecentDeposits(coin: string) {
  const load = useCallback(() => wallet.deposits({ coin }), [coin]);
  return useLiveList(load, stillMoving);
}

/** The list `useRecentDeposits` reads, under its heading. */
export function RecentDeposits({
  list: [records, , moving],
  Heading,
}: {
  list: ReturnType<typeof useRecentDeposits>;
  Heading: "h2" | "h3";
}) {
  const { t } = useTranslation("wallet");
  return (
    <>
      <Heading>
        {t("recentDeposits")}{" "}
        {moving && (
          <span className="muted small" aria-live="polite">
            {t("updating")}
          </span>
        )}
      </Heading>
      <AsyncTable value={records} empty={t("none")} columns={useRecordColumns(false)} rowKey={(r) => r.orderId} testId="deposit-records" />
    </>
  );
}

/**
 * A question whose "yes" posts one request (cancel a withdrawal, delete a saved address): busy while
 * it is sent, its toasts, then closed and the page told, whether it went through or not.
 */
export function PostConfirmDialog({
  title,
  confirm,
  post,
  onClose,
  onDone,
  children,
}: {
  title: string;
  confirm: string;
  post: { path: string; body: unknown; done: string };
  onClose: () => void;
  onDone: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("wallet");
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    await postWithToast(post.path, post.body, { done: post.done, failed: (msg) => t("failed", { msg }) });
    setBusy(false);
    onClose();
    onDone();
  };
  return (
    <ConfirmDialog title={title} confirm={confirm} cancel={t("keep")} busy={busy} onCancel={onClose} onConfirm={() => void send()}>
      {children}
    </ConfirmDialog>
  );
}
