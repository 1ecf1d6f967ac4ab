/**
 * Following a spot lead (docs/decisions/360, 362) with Bitget's spot follower settings: per pair a
 * multiple of the lead's amount (`percent`, 0.01–10) or a fixed quote amount per buy (`amount`), the
 * largest buy of one copy (`maxHoldSize`), take profit and stop loss in whole percent of the copy's
 * cost; a confirm step says it all back before `spot-follower/settings`. Unfollowing keeps the coins.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { RadioChoices } from "~/components/ui/radio-choices";
import { SPOT_COPY_PATHS } from "~/lib/copy/api";
import { browserHttp } from "~/lib/http/browser-client";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import { compare, parseDecimal } from "~/lib/numbers/decimal";
import { showToast } from "~/lib/toast";
import type { SpotSymbol } from "~/lib/trade/market";
import { spotFollowForm } from "~/lib/copy/follow-settings";
import { Field, useFollowPrefill } from "./follow-dialog";
import { useCopyErrorText } from "./use-copy";

type Mode = "percent" | "amount";

/** A decimal of at most `scale` places within [min, max]; empty passes when `optional`. */
export function inRange(v: string, scale: number, min: string, max: string, optional = false): boolean {
  if (optional && v.trim() === "") return true;
  const d = parseDecimal(v.trim());
  return d !== undefined && d.scale <= scale && compare(d, parseDecimal(min)!) >= 0 && compare(d, parseDecimal(max)!) <= 0;
}

/** The gateway's bounds (spot-routes): multiple 0.01–10; take profit 1–1000 %, stop loss 1–100 %, whole. */
export const SPOT_BOUNDS = { multiple: ["0.01", "10"], takeProfit: ["1", "1000"], stopLoss: ["1", "100"] } as const;

/** The `spot-follower/settings` body of a dialog's choices, one entry per chosen pair. */
export function spotSettingsBody(
  traderId: string,
  c: { symbols: readonly string[]; mode: Mode; value: string; maxHold: string; takeProfit: string; stopLoss: string },
) {
  return {
    traderId,
    settings: c.symbols.map((symbol) => ({
      symbol,
      traceType: c.mode,
      traceValue: c.value.trim(),
      ...(c.maxHold.trim() ? { maxHoldSize: c.maxHold.trim() } : {}),
      ...(c.takeProfit.trim() ? { stopSurplusRatio: c.takeProfit.trim() } : {}),
      ...(c.stopLoss.trim() ? { stopLossRatio: c.stopLoss.trim() } : {}),
    })),
  };
}

export function SpotFollowDialog({
  traderId,
  intl,
  editing = false,
  onDone,
  onClose,
}: {
  traderId: string;
  intl: string;
  /** Changing a follow: the fields start from the follower's current settings. */
  editing?: boolean;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("scopy");
  const { t: tc } = useTranslation("copy");
  const errorText = useCopyErrorText();
  const id = useId();
  const [symbols, setSymbols] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set(["BTCUSDT"]));
  const [mode, setMode] = useState<Mode>("percent");
  const [value, setValue] = useState("1");
  const [maxHold, setMaxHold] = useState("");
  const [takeProfit, setTakeProfit] = useState("");
  const [stopLoss, setStopLoss] = useState("");
  const [step, setStep] = useState<"edit" | "confirm">("edit");
  const [busy, setBusy] = useState(false);
  const prefilled = useFollowPrefill(editing, SPOT_COPY_PATHS.followerQuerySettings, traderId, spotFollowForm, (f) => {
    setChosen(new Set(f.symbols));
    setMode(f.mode);
    setValue(f.value);
    setMaxHold(f.maxHold);
    setTakeProfit(f.takeProfit);
    setStopLoss(f.stopLoss);
  });
  useEffect(() => {
    let live = true;
    browserHttp()
      .get<SpotSymbol[]>(V2.symbols)
      .then((list) => live && setSymbols(list.map((s) => s.symbol)))
      .catch(() => live && setSymbols(["BTCUSDT"]));
    return () => {
      live = false;
    };
  }, []);
  const errors = {
    value:
      mode === "percent"
        ? !inRange(value, 2, ...SPOT_BOUNDS.multiple) && t("follow.multipleError")
        : !inRange(value, 8, "0.00000001", "1000000000") && t("follow.amountError"),
    pairs: chosen.size === 0 && tc("follow.pairsError"),
    maxHold: !inRange(maxHold, 8, "0.00000001", "1000000000", true) && tc("follow.positiveError"),
    takeProfit: !inRange(takeProfit, 0, ...SPOT_BOUNDS.takeProfit, true) && t("follow.takeProfitError"),
    stopLoss: !inRange(stopLoss, 0, ...SPOT_BOUNDS.stopLoss, true) && t("follow.stopLossError"),
  };
  const firstError = Object.entries(errors).find(([, e]) => e)?.[0];
  const usdt = (v: string) => `${formatCoin(v.trim(), "USDT", intl)} USDT`;
  const pct = (v: string) => t("follow.ofCost", { pct: formatNumber(v.trim(), intl, { maxDigits: 0 }) });
  const submit = async () => {
    setBusy(true);
    try {
      await browserHttp().post(
        SPOT_COPY_PATHS.followerSettings,
        spotSettingsBody(traderId, { symbols: [...chosen], mode, value, maxHold, takeProfit, stopLoss }),
      );
      showToast(t("follow.done", { trader: traderId }));
      onDone();
      onClose();
    } catch (e) {
      showToast(tc("toast.failed", { msg: errorText(e) }), "notice");
      setStep("edit");
    } finally {
      setBusy(false);
    }
  };
  if (step === "confirm")
    return (
      <ConfirmDialog
        title={t("follow.confirmTitle", { trader: traderId })}
        confirm={tc("follow.confirm")}
        cancel={tc("common.back")}
        busy={busy}
        onCancel={() => setStep("edit")}
        onConfirm={() => void submit()}
      >
        <dl className="copy-summary" data-testid="scopy-follow-summary">
          <dt>{tc("follow.mode")}</dt>
          <dd>
            {mode === "percent"
              ? t("follow.multipleSummary", { x: formatNumber(value.trim(), intl, { maxDigits: 2 }) })
              : t("follow.amountSummary", { amount: usdt(value) })}
          </dd>
          <dt>{tc("follow.pairs")}</dt>
          <dd>{[...chosen].join(", ")}</dd>
          <dt>{t("follow.maxHold")}</dt>
          <dd>{maxHold.trim() ? usdt(maxHold) : tc("follow.none")}</dd>
          <dt>{tc("follow.takeProfit")}</dt>
          <dd data-testid="scopy-summary-tp">{takeProfit.trim() ? pct(takeProfit) : tc("follow.none")}</dd>
          <dt>{tc("follow.stopLoss")}</dt>
          <dd data-testid="scopy-summary-sl">{stopLoss.trim() ? pct(stopLoss) : tc("follow.none")}</dd>
        </dl>
        <p className="muted">{t("follow.risk")}</p>
      </ConfirmDialog>
    );
  if (!prefilled)
    return (
      <ConfirmDialog
        title={t("follow.title", { trader: traderId })}
        confirm={tc("follow.next")}
        cancel={tc("common.cancel")}
        onCancel={onClose}
        onConfirm={() => undefined}
        refusedBy={`${id}-loading`}
      >
        <p id={`${id}-loading`} role="status">
          {tc("common.loading")}
        </p>
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      title={t("follow.title", { trader: traderId })}
      confirm={tc("follow.next")}
      cancel={tc("common.cancel")}
      onCancel={onClose}
      onConfirm={() => firstError === undefined && setStep("confirm")}
      refusedBy={firstError ? `${id}-${firstError}-error` : undefined}
    >
      <div className="copy-form">
        <RadioChoices
          legend={tc("follow.mode")}
          values={["percent", "amount"] as const}
          value={mode}
          onChange={(m) => {
            setMode(m);
            setValue(m === "percent" ? "1" : "10");
          }}
          label={(m) => t(`follow.${m}`)}
          testId={(m) => `scopy-mode-${m}`}
        />
        <Field
          id={`${id}-value`}
          label={mode === "percent" ? t("follow.multiple") : t("follow.amountField")}
          hint={mode === "percent" ? t("follow.multipleHint") : t("follow.amountHint")}
          suffix={mode === "percent" ? "×" : "USDT"}
          value={value}
          onChange={setValue}
          error={errors.value || undefined}
          testId="scopy-follow-value"
        />
        <fieldset className="copy-pairs" aria-describedby={errors.pairs ? `${id}-pairs-error` : undefined}>
          <legend>{tc("follow.pairs")}</legend>
          {symbols === null ? (
            <p role="status">{tc("common.loading")}</p>
          ) : (
            symbols.map((s) => (
              <label key={s} className="choice">
                <input
                  type="checkbox"
                  checked={chosen.has(s)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(s);
                    else next.delete(s);
                    setChosen(next);
                  }}
                />{" "}
                {s}
              </label>
            ))
          )}
          {errors.pairs && (
            <p id={`${id}-pairs-error`} className="field-error" role="alert">
              {errors.pairs}
            </p>
          )}
        </fieldset>
        <Field
          id={`${id}-maxHold`}
          label={t("follow.maxHold")}
          hint={tc("follow.optional")}
          suffix="USDT"
          value={maxHold}
          onChange={setMaxHold}
          error={errors.maxHold || undefined}
        />
        <Field
          id={`${id}-takeProfit`}
          label={tc("follow.takeProfit")}
          hint={t("follow.takeProfitHint")}
          suffix="%"
          value={takeProfit}
          onChange={setTakeProfit}
          error={errors.takeProfit || undefined}
          testId="scopy-follow-tp"
        />
        <Field
          id={`${id}-stopLoss`}
          label={tc("follow.stopLoss")}
          hint={t("follow.stopLossHint")}
          suffix="%"
          value={stopLoss}
          onChange={setStopLoss}
          error={errors.stopLoss || undefined}
          testId="scopy-follow-sl"
        />
      </div>
    </ConfirmDialog>
  );
}

/** "Unfollow" a spot lead: the copied coins stay the follower's own (`spot-follower/cancel-trader`); confirm first. */
export function SpotUnfollowDialog({ traderId, onDone, onClose }: { traderId: string; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation("scopy");
  const { t: tc } = useTranslation("copy");
  const errorText = useCopyErrorText();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await browserHttp().post(SPOT_COPY_PATHS.followerCancelTrader, { traderId });
      showToast(t("unfollow.done", { trader: traderId }));
      onDone();
      onClose();
    } catch (e) {
      showToast(tc("toast.failed", { msg: errorText(e) }), "notice");
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t("unfollow.title", { trader: traderId })}
      confirm={tc("unfollow.confirm")}
      cancel={tc("common.cancel")}
      tone="submit-sell"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void submit()}
    >
      <p>{t("unfollow.body")}</p>
    </ConfirmDialog>
  );
}
