import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { RadioChoices } from "~/components/ui/radio-choices";
import { browserHttp } from "~/lib/http/browser-client";
import { COPY_PATHS, percentToRatio } from "~/lib/copy/api";
import { futuresFollowForm, type FollowForm, type QuerySettings } from "~/lib/copy/follow-settings";
import { MIX, PRODUCT_TYPE } from "~/lib/futures/api";
import type { FuturesContract } from "~/lib/futures/contract";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import { compare, parseDecimal } from "~/lib/numbers/decimal";
import { showToast } from "~/lib/toast";
import { useCopyErrorText } from "./use-copy";

type Mode = "percent" | "amount";

/** A positive decimal of at most `scale` places, at most `max`; or empty when `optional`. */
function checkDecimal(v: string, scale: number, min: string, max: string, optional = false): boolean {
  if (optional && v.trim() === "") return true;
  const d = parseDecimal(v);
  const lo = parseDecimal(min)!;
  const hi = parseDecimal(max)!;
  return d !== undefined && d.scale <= scale && compare(d, lo) >= 0 && compare(d, hi) <= 0;
}

/** Take profit: above 0 and at most 1000 % of the copy's margin (`stopSurplusRatio` 0 < r ≤ 10); stop loss: at most 100 % (0 < r ≤ 1). */
export const TAKE_PROFIT_MAX_PCT = "1000";
export const STOP_LOSS_MAX_PCT = "100";

/**
 * When `editing`, reads the follower's current settings (`query`, a `query-settings` path) once and
 * hands them to `apply` as the dialog's fields; answers whether the dialog may show its fields yet
 * (at once when not editing; after the read, or its failure, when editing: the defaults then).
 */
export function useFollowPrefill(
  editing: boolean,
  query: string,
  traderId: string,
  toForm: (s: QuerySettings | null) => FollowForm | null,
  apply: (f: FollowForm) => void,
): boolean {
  const [ready, setReady] = useState(!editing);
  useEffect(() => {
    if (!editing) return;
    let live = true;
    browserHttp()
      .get<QuerySettings>(`${query}?traderId=${encodeURIComponent(traderId)}`)
      .then((s) => {
        const f = live ? toForm(s) : null;
        if (f) apply(f);
      })
      .catch(() => undefined)
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
    // one read per opening of the dialog
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing, query, traderId]);
  return ready;
}

/**
 * "Follow" (or change the settings of a follow, `editing`: the fields start from the current ones): a ratio of the lead's size or a fixed margin per
 * copy, the pairs to copy, a cap per order, take profit and stop loss per copy (a share of its
 * margin) and a total loss limit; then a confirm step that says it all back before the BFF's
 * `mix-follower/settings` call.
 */
export function FollowDialog({
  traderId,
  intl,
  editing = false,
  onDone,
  onClose,
}: {
  traderId: string;
  intl: string;
  editing?: boolean;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("copy");
  const errorText = useCopyErrorText();
  const id = useId();
  const [symbols, setSymbols] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set(["BTCUSDT"]));
  const [mode, setMode] = useState<Mode>("percent");
  const [value, setValue] = useState("100");
  const [maxPer, setMaxPer] = useState("");
  const [takeProfit, setTakeProfit] = useState("");
  const [stopLoss, setStopLoss] = useState("");
  const [lossLimit, setLossLimit] = useState("");
  const [step, setStep] = useState<"edit" | "confirm">("edit");
  const [busy, setBusy] = useState(false);
  const prefilled = useFollowPrefill(editing, COPY_PATHS.followerQuerySettings, traderId, futuresFollowForm, (f) => {
    setChosen(new Set(f.symbols));
    setMode(f.mode);
    setValue(f.value);
    setMaxPer(f.maxHold);
    setTakeProfit(f.takeProfit);
    setStopLoss(f.stopLoss);
    setLossLimit(f.lossLimit);
  });
  useEffect(() => {
    let live = true;
    browserHttp()
      .get<FuturesContract[]>(`${MIX.contracts}?productType=${PRODUCT_TYPE}`)
      .then((list) => live && setSymbols(list.map((c) => c.symbol)))
      .catch(() => live && setSymbols(["BTCUSDT"]));
    return () => {
      live = false;
    };
  }, []);
  const errors = {
    value:
      mode === "percent"
        ? !checkDecimal(value, 2, "1", "1000") && t("follow.ratioError")
        : !checkDecimal(value, 8, "0.00000001", "1000000000") && t("follow.amountError"),
    pairs: chosen.size === 0 && t("follow.pairsError"),
    maxPer: !checkDecimal(maxPer, 8, "0.00000001", "1000000000", true) && t("follow.positiveError"),
    takeProfit:
      !checkDecimal(takeProfit, 2, "0.01", TAKE_PROFIT_MAX_PCT, true) && t("follow.takeProfitError", { max: TAKE_PROFIT_MAX_PCT }),
    stopLoss: !checkDecimal(stopLoss, 2, "0.01", STOP_LOSS_MAX_PCT, true) && t("follow.stopLossError", { max: STOP_LOSS_MAX_PCT }),
    lossLimit: !checkDecimal(lossLimit, 8, "0.00000001", "1000000000", true) && t("follow.positiveError"),
  };
  const firstError = Object.entries(errors).find(([, e]) => e)?.[0];
  const submit = async () => {
    setBusy(true);
    try {
      await browserHttp().post(COPY_PATHS.followerSettings, {
        traderId,
        settings: [...chosen].map((symbol) => ({
          symbol,
          productType: PRODUCT_TYPE,
          traceType: mode,
          traceValue: value.trim(),
          ...(maxPer.trim() ? { maxHoldSize: maxPer.trim() } : {}),
          ...(takeProfit.trim() ? { stopSurplusRatio: percentToRatio(takeProfit) } : {}),
          ...(stopLoss.trim() ? { stopLossRatio: percentToRatio(stopLoss) } : {}),
        })),
        ...(lossLimit.trim() ? { totalLossLimit: lossLimit.trim() } : {}),
      });
      showToast(t("follow.done", { trader: traderId }));
      onDone();
      onClose();
    } catch (e) {
      showToast(t("toast.failed", { msg: errorText(e) }), "notice");
      setStep("edit");
    } finally {
      setBusy(false);
    }
  };
  const usdt = (v: string) => `${formatCoin(v, "USDT", intl)} USDT`;
  if (step === "confirm")
    return (
      <ConfirmDialog
        title={t("follow.confirmTitle", { trader: traderId })}
        confirm={t("follow.confirm")}
        cancel={t("common.back")}
        busy={busy}
        onCancel={() => setStep("edit")}
        onConfirm={() => void submit()}
      >
        <dl className="copy-summary" data-testid="copy-follow-summary">
          <dt>{t("follow.mode")}</dt>
          <dd>
            {mode === "percent"
              ? t("follow.ratioSummary", { pct: formatNumber(value, intl, { maxDigits: 2 }) })
              : t("follow.amountSummary", { amount: usdt(value) })}
          </dd>
          <dt>{t("follow.pairs")}</dt>
          <dd>{[...chosen].join(", ")}</dd>
          <dt>{t("follow.maxPerOrder")}</dt>
          <dd>{maxPer.trim() ? usdt(maxPer) : t("follow.none")}</dd>
          <dt>{t("follow.takeProfit")}</dt>
          <dd data-testid="copy-summary-tp">
            {takeProfit.trim() ? t("follow.ofMargin", { pct: formatNumber(takeProfit.trim(), intl, { maxDigits: 2 }) }) : t("follow.none")}
          </dd>
          <dt>{t("follow.stopLoss")}</dt>
          <dd data-testid="copy-summary-sl">
            {stopLoss.trim() ? t("follow.ofMargin", { pct: formatNumber(stopLoss.trim(), intl, { maxDigits: 2 }) }) : t("follow.none")}
          </dd>
          <dt>{t("follow.lossLimit")}</dt>
          <dd>{lossLimit.trim() ? usdt(lossLimit) : t("follow.none")}</dd>
        </dl>
        <p className="muted">{t("follow.risk")}</p>
      </ConfirmDialog>
    );
  if (!prefilled)
    return (
      <ConfirmDialog
        title={t("follow.title", { trader: traderId })}
        confirm={t("follow.next")}
        cancel={t("common.cancel")}
        onCancel={onClose}
        onConfirm={() => undefined}
        refusedBy={`${id}-loading`}
      >
        <p id={`${id}-loading`} role="status">
          {t("common.loading")}
        </p>
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      title={t("follow.title", { trader: traderId })}
      confirm={t("follow.next")}
      cancel={t("common.cancel")}
      onCancel={onClose}
      onConfirm={() => firstError === undefined && setStep("confirm")}
      refusedBy={firstError ? `${id}-${firstError}-error` : undefined}
    >
      <div className="copy-form">
        <RadioChoices
          legend={t("follow.mode")}
          values={["percent", "amount"] as const}
          value={mode}
          onChange={(m) => {
            setMode(m);
            setValue(m === "percent" ? "100" : "10");
          }}
          label={(m) => t(`follow.${m}`)}
          testId={(m) => `copy-mode-${m}`}
        />
        <Field
          id={`${id}-value`}
          label={mode === "percent" ? t("follow.ratio") : t("follow.amountField")}
          hint={mode === "percent" ? t("follow.ratioHint") : t("follow.amountHint")}
          suffix={mode === "percent" ? "%" : "USDT"}
          value={value}
          onChange={setValue}
          error={errors.value || undefined}
          testId="copy-follow-value"
        />
        <fieldset className="copy-pairs" aria-describedby={errors.pairs ? `${id}-pairs-error` : undefined}>
          <legend>{t("follow.pairs")}</legend>
          {symbols === null ? (
            <p role="status">{t("common.loading")}</p>
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
          id={`${id}-maxPer`}
          label={t("follow.maxPerOrder")}
          hint={t("follow.optional")}
          suffix="USDT"
          value={maxPer}
          onChange={setMaxPer}
          error={errors.maxPer || undefined}
        />
        <Field
          id={`${id}-takeProfit`}
          label={t("follow.takeProfit")}
          hint={t("follow.takeProfitHint", { max: TAKE_PROFIT_MAX_PCT })}
          suffix="%"
          value={takeProfit}
          onChange={setTakeProfit}
          error={errors.takeProfit || undefined}
        />
        <Field
          id={`${id}-stopLoss`}
          label={t("follow.stopLoss")}
          hint={t("follow.stopLossHint", { max: STOP_LOSS_MAX_PCT })}
          suffix="%"
          value={stopLoss}
          onChange={setStopLoss}
          error={errors.stopLoss || undefined}
        />
        <Field
          id={`${id}-lossLimit`}
          label={t("follow.lossLimit")}
          hint={t("follow.lossLimitHint")}
          suffix="USDT"
          value={lossLimit}
          onChange={setLossLimit}
          error={errors.lossLimit || undefined}
        />
      </div>
    </ConfirmDialog>
  );
}

export function Field(p: {
  id: string;
  label: string;
  hint: string;
  suffix: string;
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
  testId?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <div className="copy-suffix">
        <input
          id={p.id}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={p.value}
          onChange={(e) => p.onChange(e.target.value)}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={`${p.id}-hint${p.error ? ` ${p.id}-error` : ""}`}
          data-testid={p.testId}
        />
        <span aria-hidden="true">{p.suffix}</span>
      </div>
      <p id={`${p.id}-hint`} className="field-hint">
        {p.hint}
      </p>
      {p.error && (
        <p id={`${p.id}-error`} className="field-error" role="alert">
          {p.error}
        </p>
      )}
    </div>
  );
}

/** "Unfollow": keep the copies as the follower's own positions, or close them at market; then confirm. */
export function UnfollowDialog({ traderId, onDone, onClose }: { traderId: string; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation("copy");
  const errorText = useCopyErrorText();
  const [close, setClose] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await browserHttp().post(COPY_PATHS.followerCancelTrader, { traderId, closePositions: close ? "yes" : "no" });
      showToast(close ? t("unfollow.doneClosed", { trader: traderId }) : t("unfollow.doneKept", { trader: traderId }));
      onDone();
      onClose();
    } catch (e) {
      showToast(t("toast.failed", { msg: errorText(e) }), "notice");
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t("unfollow.title", { trader: traderId })}
      confirm={t("unfollow.confirm")}
      cancel={t("common.cancel")}
      tone="submit-sell"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void submit()}
    >
      <p>{t("unfollow.question")}</p>
      <RadioChoices
        legend={t("unfollow.question")}
        values={[false, true] as const}
        value={close}
        onChange={setClose}
        label={(c) => (c ? t("unfollow.close") : t("unfollow.keep"))}
        testId={(c) => (c ? "copy-unfollow-close" : "copy-unfollow-keep")}
      />
    </ConfirmDialog>
  );
}
