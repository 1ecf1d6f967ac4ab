import { useCallback, useEffect, useId, useState } from "react";
import { V2 } from "../../../protocol/bitget";
import { useTranslation } from "react-i18next";
import { ActionDialog, type Action } from "~/components/futures/action-dialog";
import { DecimalField, useErrorText } from "~/components/trade/order-fields";
import { useAsync } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { formatCoin } from "~/lib/i18n/format";
import { marginPaths, maxTransferOutOf, TRANSFER_ACCOUNT, WALLET_TRANSFER, type MarginMode } from "~/lib/margin/api";
import { checkAmount } from "~/lib/margin/maths";
import { borrowChanges, previewRisk } from "~/lib/margin/preview";
import { parseDecimal, toText, type Decimal } from "~/lib/numbers/decimal";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { newClientOid } from "~/lib/trade/order-form";
import { RiskChange, type RiskInputs } from "./risk-preview";

/** Coins move in steps of 10⁻⁸ at most (the gateway's scale for balances). */
const COIN_DIGITS = 8;

/** Which dialog, for which coin, and its limit (a transfer reads its own: the spot balance, or what may leave margin). */
export type MoneyDialog =
  | { kind: "borrow" | "repay"; coin: string; max: Decimal | undefined }
  | { kind: "transferIn" | "transferOut"; coin: string };

/**
 * What a transfer may move: the spot account's free balance of the coin into margin, and out of
 * margin what `max-transfer-out-amount` allows (never past the account's borrowing limit).
 */
function useTransferLimit(kind: MoneyDialog["kind"], coin: string, mode: MarginMode, symbol: string): Decimal | undefined {
  const load = useCallback(() => {
    if (kind === "transferIn")
      return browserHttp()
        .get<Array<{ coin: string; available: string }>>(V2.assets, { coin })
        .then((rows) => parseDecimal(rows.find((r) => r.coin === coin)?.available ?? "0"));
    if (kind === "transferOut")
      return browserHttp()
        .get<unknown>(marginPaths(mode).maxTransferOut, { coin, ...(mode === "isolated" ? { symbol } : {}) })
        .then((d) => parseDecimal(maxTransferOutOf(d, coin) ?? "0"));
    return Promise.resolve(undefined);
  }, [kind, coin, mode, symbol]);
  const [value] = useAsync(load);
  return value.state === "ready" ? value.data : undefined;
}

interface Props {
  dialog: MoneyDialog;
  mode: MarginMode;
  symbol: string;
  onDone: () => void;
  onClose: () => void;
  /** The account, prices and levels, to show a borrow's risk rate before it is confirmed; undefined while not read. */
  risk?: RiskInputs | undefined;
}

/**
 * Borrow, repay or move funds between spot and margin: one amount, checked against what is
 * possible, confirmed in the dialog itself (docs/decisions/707). A borrow shows the risk rate it
 * would leave, and one that lands in margin call cannot be confirmed (issue 26).
 */
export function MarginMoneyDialog({ dialog, mode, symbol, onDone, onClose, risk }: Props) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const errorText = useErrorText();
  const [text, setText] = useState("");
  const [touched, setTouched] = useState(false);
  const { kind, coin } = dialog;
  const transferMax = useTransferLimit(kind, coin, mode, symbol);
  const max = "max" in dialog ? dialog.max : transferMax;
  const checked = checkAmount(text, max, COIN_DIGITS);
  const refusalId = useId();
  const amount = checked.ok ? parseDecimal(checked.amount) : undefined;
  const preview =
    kind === "borrow" && risk
      ? previewRisk(risk.holdings, amount ? borrowChanges(coin, amount) : [], risk.priceOf, risk.thresholds)
      : undefined;
  const refused = preview?.refused === true;
  // The dialog focuses its confirm button; here the first thing to do is to type the amount.
  useEffect(() => {
    const id = requestAnimationFrame(() => document.getElementById("margin-amount")?.focus());
    return () => cancelAnimationFrame(id);
  }, []);
  const paths = marginPaths(mode);
  const isolated: Record<string, string> = mode === "isolated" ? { symbol } : {};
  const mode$ = t(`margin.mode.${mode}`);
  const action = (): Action | undefined => {
    setTouched(true);
    if (!checked.ok || refused) return undefined;
    const amount = checked.amount;
    const values = { amount: formatCoin(amount, coin, intl), coin, mode: mode$ };
    switch (kind) {
      case "borrow":
        return {
          calls: [{ path: paths.borrow, body: { ...isolated, coin, borrowAmount: amount, clientOid: newClientOid() } }],
          done: t("margin.toast.borrowed", values),
        };
      case "repay":
        return { calls: [{ path: paths.repay, body: { ...isolated, coin, repayAmount: amount } }], done: t("margin.toast.repaid", values) };
      default: {
        const [from, to] = kind === "transferIn" ? (["spot", mode] as const) : ([mode, "spot"] as const);
        return {
          calls: [
            {
              path: WALLET_TRANSFER,
              body: {
                fromType: TRANSFER_ACCOUNT[from],
                toType: TRANSFER_ACCOUNT[to],
                coin,
                amount,
                clientOid: newClientOid(),
                ...isolated,
              },
            },
          ],
          done: t("margin.toast.transferred", values),
        };
      }
    }
  };
  const maxText = max ? formatCoin(toText(max), coin, intl) : "—";
  return (
    <ActionDialog
      title={t(`margin.dialog.${kind}Title`, { coin, mode: mode$ })}
      confirm={t(`margin.dialog.${kind}`)}
      tone={kind === "borrow" ? "submit-sell" : "primary"}
      onDone={onDone}
      onClose={onClose}
      action={action}
      refusedBy={refused ? refusalId : undefined}
    >
      <DecimalField
        id="margin-amount"
        label={t("margin.dialog.amount")}
        suffix={coin}
        value={text}
        onChange={setText}
        onBlur={() => setTouched(true)}
        error={touched && !checked.ok ? errorText(checked.error) : undefined}
        hint={
          <>
            {t(`margin.dialog.${kind}Max`)}:{" "}
            <button
              type="button"
              className="link-button"
              data-testid="margin-amount-max"
              onClick={() => max && setText(toText(max))}
              aria-label={t("margin.dialog.useMax", { amount: maxText, coin })}
            >
              {maxText}
            </button>{" "}
            {coin}
          </>
        }
      />
      {kind === "borrow" && risk && <RiskChange preview={preview} thresholds={risk.thresholds} refusalId={refusalId} />}
      {kind === "borrow" && <p className="notice warning">{t("margin.dialog.borrowNote")}</p>}
      {kind === "repay" && <p className="muted">{t("margin.dialog.repayNote")}</p>}
    </ActionDialog>
  );
}
