import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { ASSET_PATHS } from "../../../protocol/assets";
import { V2 } from "../../../protocol/bitget";
import { DecimalField, useErrorText } from "~/components/trade/order-fields";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FieldNotes, ValueSelect } from "~/components/ui/form";
import {
  checkTransfer,
  ISOLATED_PAIRS,
  isSub,
  OWN_ACCOUNTS,
  refusalOf,
  swapped,
  transferCoins,
  type TransferAccount,
  type TransferChoice,
  type TransferField,
  type TransferProblem,
} from "~/lib/assets/transfer";
import { useAsync } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { HttpError } from "~/lib/http/errors";
import { formatCoin } from "~/lib/i18n/format";
import { parseDecimal, toText } from "~/lib/numbers/decimal";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { useSimulationMode } from "~/lib/simulation/simulation-mode";
import { showToast } from "~/lib/toast";
import { newClientOid } from "~/lib/trade/order-form";

interface SubAccount {
  userId: string;
  nickName: string;
  frozen: boolean;
}
interface Subs {
  main: string;
  list: SubAccount[];
}

/** The main account's sub-accounts (live only; a sub-account or the demo has none to move to). */
function useSubAccounts(): Subs {
  const demo = useSimulationMode();
  const load = useCallback(
    () =>
      demo
        ? Promise.resolve({ main: "", list: [] })
        : browserHttp()
            .post<{ main: { userId: string }; list: SubAccount[] }>(ACCOUNT_PATHS.subList, {})
            .then((d) => ({ main: d.main.userId, list: d.list.filter((s) => !s.frozen) }))
            .catch(() => ({ main: "", list: [] })),
    [demo],
  );
  const [subs] = useAsync(load);
  return subs.state === "ready" ? subs.data : { main: "", list: [] };
}

/** What may leave the source account now: the gateway's own limit, or a sub-account's free spot balance. */
function useMax(c: TransferChoice) {
  const load = useCallback(() => {
    if (isSub(c.from))
      return browserHttp()
        .get<Array<{ userId: string; assetsList: Array<{ coin: string; available: string }> }>>(V2.subaccountAssets)
        .then((rows) =>
          parseDecimal(rows.find((r) => `sub:${r.userId}` === c.from)?.assetsList.find((a) => a.coin === c.coin)?.available ?? "0"),
        );
    const symbol = c.from === "isolated_margin" ? { symbol: c.symbol } : {};
    return browserHttp()
      .get<{ maxTransferOut: string }>(ASSET_PATHS.transferMax, { fromType: c.from, coin: c.coin, ...symbol })
      .then((d) => parseDecimal(d.maxTransferOut));
  }, [c.from, c.coin, c.symbol]);
  const [max] = useAsync(load);
  return max.state === "ready" ? max.data : undefined;
}

export interface TransferDialogProps {
  preset: Partial<TransferChoice>;
  /** The listed coins (USDT and every base coin with a USDT market). */
  coins: readonly string[];
  onDone: () => void;
  onClose: () => void;
}

/**
 * Moves a coin between two of the trader's accounts (docs/decisions/711): from, to (swappable), the
 * isolated pair when one side is isolated, coin and amount with the source's max. A mistake or a
 * refusal shows at its field; a transfer that went through says so in a toast.
 */
export function TransferDialog({ preset, coins, onDone, onClose }: TransferDialogProps) {
  const { t } = useTranslation("assets");
  const { intl } = usePagePrefs();
  const orderErrorText = useErrorText();
  const subs = useSubAccounts();
  const [chosen, setC] = useState<TransferChoice>({
    from: "spot",
    to: "usdt_futures",
    symbol: ISOLATED_PAIRS[0] ?? "BTCUSDT",
    coin: "USDT",
    amount: "",
    ...preset,
  });
  const [problem, setProblem] = useState<TransferProblem>();
  const [busy, setBusy] = useState(false);
  const held = transferCoins(chosen, coins);
  // a coin the chosen pair of accounts cannot hold gives way to the first one they can
  const c = held.length > 0 && !held.includes(chosen.coin) ? { ...chosen, coin: held[0] as string } : chosen;
  const max = useMax(c);
  const update = (next: Partial<TransferChoice>) => {
    setC((x) => ({ ...x, ...next }));
    setProblem(undefined);
  };
  const errorAt = (field: TransferField) =>
    problem?.field === field
      ? problem.ns === "trade"
        ? orderErrorText(problem.error)
        : t(problem.error.key, problem.error.values)
      : undefined;

  const accounts: Array<{ value: TransferAccount; label: string }> = [
    ...OWN_ACCOUNTS.map((a) => ({ value: a as TransferAccount, label: t(`account.${a}`) })),
    ...subs.list.map((s) => ({ value: `sub:${s.userId}` as TransferAccount, label: t("account.sub", { name: s.nickName || s.userId }) })),
  ];
  const nameOf = (a: TransferAccount) =>
    a === "isolated_margin" ? t("account.isolatedPair", { symbol: c.symbol }) : (accounts.find((x) => x.value === a)?.label ?? a);

  const send = async () => {
    const checked = checkTransfer(c, max, coins, { clientOid: newClientOid(), ownUserId: subs.main });
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setBusy(true);
    try {
      await browserHttp().post(checked.call.path, checked.call.body);
      const amount = formatCoin(checked.call.body.amount ?? c.amount, c.coin, intl);
      showToast(t("transfer.done", { amount, coin: c.coin, from: nameOf(c.from), to: nameOf(c.to) }));
      onDone();
      onClose();
    } catch (err) {
      setProblem(refusalOf(err instanceof HttpError ? err.code : "", err instanceof Error ? err.message : String(err)));
    } finally {
      setBusy(false);
    }
  };

  const select = (name: "from" | "to") => {
    const error = name === "to" ? errorAt("to") : undefined;
    return (
      <div className="field">
        <label htmlFor={`transfer-${name}`}>{t(`transfer.${name}`)}</label>
        <select
          id={`transfer-${name}`}
          data-testid={`transfer-${name}`}
          value={c[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `transfer-${name}-error` : undefined}
          onChange={(e) => update({ [name]: e.target.value as TransferAccount })}
        >
          {accounts.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
        <FieldNotes id={`transfer-${name}`} error={error} />
      </div>
    );
  };
  const maxText = max ? formatCoin(toText(max), c.coin, intl) : "—";
  const coinError = errorAt("coin");
  return (
    <ConfirmDialog
      title={t("transfer.title")}
      confirm={t("transfer.confirm")}
      cancel={t("transfer.cancel")}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void send()}
    >
      <div className="transfer-accounts">
        {select("from")}
        <button
          type="button"
          className="button icon transfer-swap"
          onClick={() => update(swapped(c))}
          aria-label={t("transfer.swap")}
          title={t("transfer.swap")}
          data-testid="transfer-swap"
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M7 4v16m0 0-4-4m4 4 4-4M17 20V4m0 0-4 4m4-4 4 4" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        {select("to")}
      </div>
      {(c.from === "isolated_margin" || c.to === "isolated_margin") && (
        <ValueSelect
          id="transfer-pair"
          label={t("transfer.pair")}
          values={ISOLATED_PAIRS}
          value={c.symbol}
          onChange={(symbol) => update({ symbol })}
        />
      )}
      <div className="field">
        <label htmlFor="transfer-coin">{t("transfer.coin")}</label>
        <select
          id="transfer-coin"
          data-testid="transfer-coin"
          value={c.coin}
          aria-invalid={coinError ? true : undefined}
          aria-describedby={coinError ? "transfer-coin-error" : undefined}
          onChange={(e) => update({ coin: e.target.value })}
        >
          {held.map((coin) => (
            <option key={coin} value={coin}>
              {coin}
            </option>
          ))}
        </select>
        <FieldNotes id="transfer-coin" error={coinError} />
      </div>
      <DecimalField
        id="transfer-amount"
        label={t("transfer.amount")}
        suffix={c.coin}
        value={c.amount}
        onChange={(amount) => update({ amount })}
        onBlur={() => undefined}
        error={errorAt("amount")}
        hint={
          <>
            {t("transfer.max")}:{" "}
            <button
              type="button"
              className="link-button"
              data-testid="transfer-max"
              onClick={() => max && update({ amount: toText(max) })}
              aria-label={t("transfer.useMax", { amount: maxText, coin: c.coin })}
            >
              {maxText}
            </button>{" "}
            {c.coin}
          </>
        }
      />
    </ConfirmDialog>
  );
}
