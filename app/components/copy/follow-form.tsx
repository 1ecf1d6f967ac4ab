/**
 * The one follow dialog of both products (futures `FollowDialog`, spot `SpotFollowDialog`): the
 * pairs, a ratio/multiple of the lead's size or a fixed amount, a cap per copy, take profit and stop
 * loss (and, where the product has it, a total loss limit); then a confirm step that says it all
 * back before the product's `*-follower/settings` call. What differs per product (the symbols, the
 * bounds, the texts, the request body) comes in a `FollowProduct`.
 */
import type { TFunction } from "i18next";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { RadioChoices } from "~/components/ui/radio-choices";
import type { FollowForm, FollowMode, QuerySettings } from "~/lib/copy/follow-settings";
import { browserHttp } from "~/lib/http/browser-client";
import { formatCoin } from "~/lib/i18n/format";
import { compare, parseDecimal } from "~/lib/numbers/decimal";
import { showToast } from "~/lib/toast";
import { useCopyErrorText } from "./use-copy";

/** A decimal of at most `scale` places within [min, max]; empty passes when `optional`. */
export function inRange(v: string, scale: number, min: string, max: string, optional = false): boolean {
  if (optional && v.trim() === "") return true;
  const d = parseDecimal(v.trim());
  return d !== undefined && d.scale <= scale && compare(d, parseDecimal(min)!) >= 0 && compare(d, parseDecimal(max)!) <= 0;
}

/** A bound: at most `scale` places within [min, max]. */
export type Bound = readonly [scale: number, min: string, max: string];

/** A quote amount (fixed margin/amount per copy, the cap, the loss limit): positive, 8 places. */
const AMOUNT: Bound = [8, "0.00000001", "1000000000"];

/** The texts a product words its own way (`t` is the product's namespace, `tc` the shared "copy" one). */
export interface FollowTexts {
  percent: string;
  percentHint: string;
  percentError: string;
  percentSummary: (value: string) => string;
  maxHold: string;
  takeProfitHint: string;
  takeProfitError: string;
  stopLossHint: string;
  stopLossError: string;
  /** Take profit or stop loss in the summary (a percent of the copy's margin or cost). */
  ofPercent: (value: string) => string;
}

export interface FollowProduct {
  /** The namespace of the product's own texts (title, mode labels, amount texts, done, risk). */
  ns: "copy" | "scopy";
  /** Prefix of the test ids (`<prefix>-mode-percent`, `<prefix>-follow-value`, `<prefix>-follow-summary` …). */
  testPrefix: string;
  /** The `percent` mode's value when the dialog opens or the mode is chosen. */
  percentDefault: string;
  /** The suffix of the `percent` mode's value ("%" of the lead's size, "×" the lead's amount). */
  percentSuffix: string;
  percentBound: Bound;
  takeProfitBound: Bound;
  stopLossBound: Bound;
  /** The id key of the cap's field ("maxPer", "maxHold"). */
  maxKey: string;
  /** Whether take profit and stop loss carry test ids (`<prefix>-follow-tp`, `-sl`). */
  tpSlTestIds: boolean;
  /** Whether the product has a total loss limit. */
  lossLimit: boolean;
  /** The symbols the follower may pick. */
  loadSymbols: () => Promise<string[]>;
  /** The `query-settings` path and its reading as the form ("Change settings"). */
  querySettings: string;
  toForm: (s: QuerySettings | null) => FollowForm | null;
  /** The `settings` path and its body. */
  settingsPath: string;
  body: (traderId: string, f: FollowForm) => unknown;
  texts: (t: TFunction, tc: TFunction, intl: string) => FollowTexts;
}

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

type Fields = Omit<FollowForm, "symbols" | "mode">;

/** What a dialog about one lead is given: the lead, and what to do when it is done or closed. */
export interface LeadDialogProps {
  traderId: string;
  /** The lead's display name (docs/decisions/363); the id where the page had none. */
  traderName?: string | undefined;
  onDone: () => void;
  onClose: () => void;
}

/** A product's follow dialog's props. */
export interface FollowDialogProps extends LeadDialogProps {
  intl: string;
  /** Changing a follow: the fields start from the follower's current settings. */
  editing?: boolean;
}

export function ProductFollowDialog({
  product: p,
  traderId,
  traderName,
  intl,
  editing = false,
  onDone,
  onClose,
}: FollowDialogProps & { product: FollowProduct }) {
  const { t } = useTranslation(p.ns);
  const { t: tc } = useTranslation("copy");
  const x = p.texts(t, tc, intl);
  const errorText = useCopyErrorText();
  const id = useId();
  const [symbols, setSymbols] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set(["BTCUSDT"]));
  const [mode, setMode] = useState<FollowMode>("percent");
  const [f, setF] = useState<Fields>({ value: p.percentDefault, maxHold: "", takeProfit: "", stopLoss: "", lossLimit: "" });
  const set = (k: keyof Fields) => (v: string) => setF((old) => ({ ...old, [k]: v }));
  const [step, setStep] = useState<"edit" | "confirm">("edit");
  const [busy, setBusy] = useState(false);
  const prefilled = useFollowPrefill(editing, p.querySettings, traderId, p.toForm, (form) => {
    setChosen(new Set(form.symbols));
    setMode(form.mode);
    setF({ value: form.value, maxHold: form.maxHold, takeProfit: form.takeProfit, stopLoss: form.stopLoss, lossLimit: form.lossLimit });
  });
  useEffect(() => {
    let live = true;
    p.loadSymbols()
      .then((list) => live && setSymbols(list))
      .catch(() => live && setSymbols(["BTCUSDT"]));
    return () => {
      live = false;
    };
    // the symbols once per opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const errors: Array<[string, string | false]> = [
    [
      "value",
      mode === "percent" ? !inRange(f.value, ...p.percentBound) && x.percentError : !inRange(f.value, ...AMOUNT) && t("follow.amountError"),
    ],
    ["pairs", chosen.size === 0 && tc("follow.pairsError")],
    [p.maxKey, !inRange(f.maxHold, ...AMOUNT, true) && tc("follow.positiveError")],
    ["takeProfit", !inRange(f.takeProfit, ...p.takeProfitBound, true) && x.takeProfitError],
    ["stopLoss", !inRange(f.stopLoss, ...p.stopLossBound, true) && x.stopLossError],
    ...(p.lossLimit
      ? [["lossLimit", !inRange(f.lossLimit, ...AMOUNT, true) && tc("follow.positiveError")] as [string, string | false]]
      : []),
  ];
  const error = (k: string) => errors.find(([key]) => key === k)?.[1] || undefined;
  const firstError = errors.find(([, e]) => e)?.[0];
  const usdt = (v: string) => `${formatCoin(v.trim(), "USDT", intl)} USDT`;
  /** The fields after the pairs: the cap, take profit, stop loss and (futures) the total loss limit. */
  const optional: Array<{ key: string; field: keyof Fields; label: string; hint: string; suffix: string; testId?: string | undefined }> = [
    { key: p.maxKey, field: "maxHold", label: x.maxHold, hint: tc("follow.optional"), suffix: "USDT" },
    {
      key: "takeProfit",
      field: "takeProfit",
      label: tc("follow.takeProfit"),
      hint: x.takeProfitHint,
      suffix: "%",
      testId: p.tpSlTestIds ? `${p.testPrefix}-follow-tp` : undefined,
    },
    {
      key: "stopLoss",
      field: "stopLoss",
      label: tc("follow.stopLoss"),
      hint: x.stopLossHint,
      suffix: "%",
      testId: p.tpSlTestIds ? `${p.testPrefix}-follow-sl` : undefined,
    },
    ...(p.lossLimit
      ? [{ key: "lossLimit", field: "lossLimit" as const, label: tc("follow.lossLimit"), hint: tc("follow.lossLimitHint"), suffix: "USDT" }]
      : []),
  ];
  const submit = async () => {
    setBusy(true);
    try {
      await browserHttp().post(p.settingsPath, p.body(traderId, { symbols: [...chosen], mode, ...f }));
      showToast(t("follow.done", { trader: traderName ?? traderId }));
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
        title={t("follow.confirmTitle", { trader: traderName ?? traderId })}
        confirm={tc("follow.confirm")}
        cancel={tc("common.back")}
        busy={busy}
        onCancel={() => setStep("edit")}
        onConfirm={() => void submit()}
      >
        <dl className="copy-summary" data-testid={`${p.testPrefix}-follow-summary`}>
          <dt>{tc("follow.mode")}</dt>
          <dd>{mode === "percent" ? x.percentSummary(f.value.trim()) : t("follow.amountSummary", { amount: usdt(f.value) })}</dd>
          <dt>{tc("follow.pairs")}</dt>
          <dd>{[...chosen].join(", ")}</dd>
          <dt>{x.maxHold}</dt>
          <dd>{f.maxHold.trim() ? usdt(f.maxHold) : tc("follow.none")}</dd>
          <dt>{tc("follow.takeProfit")}</dt>
          <dd data-testid={`${p.testPrefix}-summary-tp`}>{f.takeProfit.trim() ? x.ofPercent(f.takeProfit.trim()) : tc("follow.none")}</dd>
          <dt>{tc("follow.stopLoss")}</dt>
          <dd data-testid={`${p.testPrefix}-summary-sl`}>{f.stopLoss.trim() ? x.ofPercent(f.stopLoss.trim()) : tc("follow.none")}</dd>
          {p.lossLimit && (
            <>
              <dt>{tc("follow.lossLimit")}</dt>
              <dd>{f.lossLimit.trim() ? usdt(f.lossLimit) : tc("follow.none")}</dd>
            </>
          )}
        </dl>
        <p className="muted">{t("follow.risk")}</p>
      </ConfirmDialog>
    );
  if (!prefilled)
    return (
      <ConfirmDialog
        title={t("follow.title", { trader: traderName ?? traderId })}
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
      title={t("follow.title", { trader: traderName ?? traderId })}
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
            set("value")(m === "percent" ? p.percentDefault : "10");
          }}
          label={(m) => t(`follow.${m}`)}
          testId={(m) => `${p.testPrefix}-mode-${m}`}
        />
        <Field
          id={`${id}-value`}
          label={mode === "percent" ? x.percent : t("follow.amountField")}
          hint={mode === "percent" ? x.percentHint : t("follow.amountHint")}
          suffix={mode === "percent" ? p.percentSuffix : "USDT"}
          value={f.value}
          onChange={set("value")}
          error={error("value")}
          testId={`${p.testPrefix}-follow-value`}
        />
        <fieldset className="copy-pairs" aria-describedby={error("pairs") ? `${id}-pairs-error` : undefined}>
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
          {error("pairs") && (
            <p id={`${id}-pairs-error`} className="field-error" role="alert">
              {error("pairs")}
            </p>
          )}
        </fieldset>
        {optional.map((o) => (
          <Field
            key={o.key}
            id={`${id}-${o.key}`}
            label={o.label}
            hint={o.hint}
            suffix={o.suffix}
            value={f[o.field]}
            onChange={set(o.field)}
            error={error(o.key)}
            testId={o.testId}
          />
        ))}
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
  testId?: string | undefined;
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
