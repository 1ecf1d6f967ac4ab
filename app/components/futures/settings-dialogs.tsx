import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { RadioChoices } from "~/components/ui/radio-choices";
import { MARGIN_COIN, MIX, PRODUCT_TYPE } from "~/lib/futures/api";
import { newClientOid } from "~/lib/trade/order-form";
import type { FuturesMarket } from "~/lib/futures/contract";
import type { HoldSide, MarginMode } from "~/lib/futures/maths";
import type { PosMode } from "~/lib/futures/order-form";
import { ActionDialog } from "./action-dialog";
import { DecimalInput, isPositiveDecimal } from "~/components/ui/decimal-input";

/**
 * What every settings dialog of the order form is told: its contract, and how to close and report
 * (`onDone` and `onClose`, which each dialog hands on to `ActionDialog` as they are, as `ends`).
 */
interface SettingsProps {
  market: FuturesMarket;
  onDone: () => void;
  onClose: () => void;
}

const MARGIN_MODES: readonly MarginMode[] = ["crossed", "isolated"];

const contractOf = (market: FuturesMarket) => ({ symbol: market.symbol, productType: PRODUCT_TYPE, marginCoin: MARGIN_COIN });

/** The contract's leverage; isolated margin in hedge mode keeps one per side, so both are set. */
export function LeverageDialog({
  market,
  leverage,
  marginMode,
  posMode,
  ...ends
}: SettingsProps & { leverage: number; marginMode: MarginMode; posMode: PosMode }) {
  const { t } = useTranslation("trade");
  const ids = useId();
  const [draft, setDraft] = useState(String(leverage));
  const valid = /^\d{1,3}$/.test(draft) && Number(draft) >= market.minLeverage && Number(draft) <= market.maxLeverage;
  const sides: Array<HoldSide | undefined> = marginMode === "isolated" && posMode === "hedge_mode" ? ["long", "short"] : [undefined];
  return (
    <ActionDialog
      title={t("futures.leverage.title", { symbol: market.symbol })}
      confirm={t("futures.leverage.save")}
      {...ends}
      action={() =>
        valid
          ? {
              calls: sides.map((s) => ({
                path: MIX.setLeverage,
                body: { ...contractOf(market), leverage: draft, ...(s ? { holdSide: s } : {}) },
              })),
              done: t("futures.toast.leverage", { n: Number(draft) }),
            }
          : undefined
      }
    >
      <div className="field">
        <label htmlFor={`${ids}-lev`}>{t("futures.form.leverageLabel")}</label>
        <input
          id={`${ids}-lev`}
          inputMode="numeric"
          value={draft}
          onChange={(e) => setDraft(e.target.value.trim())}
          aria-invalid={!valid || undefined}
          aria-describedby={`${ids}-lev-hint`}
          data-testid="leverage-input"
        />
        <input
          type="range"
          min={market.minLeverage}
          max={market.maxLeverage}
          value={valid ? draft : leverage}
          onChange={(e) => setDraft(e.target.value)}
          aria-label={t("futures.form.leverageLabel")}
        />
        <p id={`${ids}-lev-hint`} className={valid ? "muted" : "notice error"}>
          {t("futures.leverage.range", { min: market.minLeverage, max: market.maxLeverage })}
        </p>
        {valid && Number(draft) >= 50 && <p className="notice warning">{t("futures.leverage.high")}</p>}
      </div>
    </ActionDialog>
  );
}

/** Cross or isolated margin for the contract. */
export function MarginModeDialog({ market, marginMode, ...ends }: SettingsProps & { marginMode: MarginMode }) {
  const { t } = useTranslation("trade");
  const [draft, setDraft] = useState<MarginMode>(marginMode);
  const title = t("futures.marginMode.title", { symbol: market.symbol });
  return (
    <ActionDialog
      title={title}
      confirm={t("futures.leverage.save")}
      {...ends}
      action={() => ({
        calls: [{ path: MIX.setMarginMode, body: { ...contractOf(market), marginMode: draft } }],
        done: t("futures.toast.marginMode", { mode: t(`futures.marginMode.${draft}`) }),
      })}
    >
      <RadioChoices
        legend={title}
        values={MARGIN_MODES}
        value={draft}
        onChange={setDraft}
        label={(m) => (
          <>
            {t(`futures.marginMode.${m}`)} — {t(`futures.marginMode.${m}Note`)}
          </>
        )}
        testId={(m) => `margin-${m}`}
      />
    </ActionDialog>
  );
}

/** USDT between the spot and the futures account. */
export function TransferDialog(ends: Omit<SettingsProps, "market">) {
  const { t } = useTranslation("trade");
  const [amount, setAmount] = useState("");
  const [toFutures, setToFutures] = useState(true);
  const valid = isPositiveDecimal(amount);
  return (
    <ActionDialog
      title={t("futures.transfer.title")}
      confirm={t("futures.transfer.send")}
      {...ends}
      action={() =>
        valid
          ? {
              calls: [
                {
                  path: MIX.transfer,
                  body: {
                    fromType: toFutures ? "spot" : "usdt_futures",
                    toType: toFutures ? "usdt_futures" : "spot",
                    amount,
                    coin: MARGIN_COIN,
                    clientOid: newClientOid(),
                  },
                },
              ],
              done: t("futures.toast.transferred", { amount, coin: MARGIN_COIN }),
            }
          : undefined
      }
    >
      <RadioChoices
        legend={t("futures.transfer.title")}
        values={[true, false]}
        value={toFutures}
        onChange={setToFutures}
        label={(to) => t(to ? "futures.transfer.toFutures" : "futures.transfer.toSpot")}
      />
      <DecimalInput label={t("futures.transfer.amount", { coin: MARGIN_COIN })} value={amount} onChange={setAmount} />
    </ActionDialog>
  );
}

/** One-way or hedge mode, for the whole futures account. */
export function PositionModeDialog({ posMode, ...ends }: Omit<SettingsProps, "market"> & { posMode: PosMode }) {
  const { t } = useTranslation("trade");
  const next: PosMode = posMode === "one_way_mode" ? "hedge_mode" : "one_way_mode";
  return (
    <ActionDialog
      title={t("futures.posMode.title")}
      confirm={t(next === "hedge_mode" ? "futures.posMode.toHedge" : "futures.posMode.toOneWay")}
      {...ends}
      action={() => ({
        calls: [{ path: MIX.setPositionMode, body: { productType: PRODUCT_TYPE, posMode: next } }],
        done: t("futures.toast.posMode"),
      })}
    >
      <p>{t("futures.posMode.note")}</p>
    </ActionDialog>
  );
}
