import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { showToast } from "~/lib/toast";
import { placeErrorOf } from "~/lib/trade/order-errors";
import { quantityForPercent, type FieldError, type OrderContext, type OrderFormState } from "~/lib/trade/order-form";
import { useErrorText } from "./order-fields";

interface Options<F extends string, P> {
  /** The form's fields in screen order (the first one in error takes the focus). */
  fields: readonly F[];
  /** Sends the order; resolves to the toast that says it was placed. */
  post: (body: P) => Promise<string>;
  /** After the gateway accepted it: the form clears what it clears and tells the page. */
  onPlaced: () => void;
}

/**
 * What the spot and margin order forms do alike around their fields (docs/decisions/020, margin
 * pass): which fields show their error (those left once, or all after a refused submit), the
 * gateway's refusal beside its field or above the button, the order awaiting confirmation (and
 * the trader's choice to skip it), and sending it with its toasts. A field's input has the id `order-<field>`.
 */
export type OrderEntry<F extends string, P> = ReturnType<typeof useOrderEntry<F, P>>;

export function useOrderEntry<F extends string, P>({ fields, post, onPlaced }: Options<F, P>) {
  const { t } = useTranslation("trade");
  const errorText = useErrorText();
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<P>();
  const [placeError, setPlaceError] = useState<{ field: F | "form"; error: FieldError }>();
  const [skipConfirm, setSkipConfirm] = useLocalPref("skipOrderConfirm");

  const touch = (f: F) => setTouched((s) => new Set(s).add(f));
  const clearError = () => setPlaceError(undefined);
  const focus = (f: F) => document.getElementById(`order-${f}`)?.focus();
  /** An error of one field that the form's own checks do not see (a percent without a price). */
  const flag = (f: F, error: FieldError) => {
    touch(f);
    setPlaceError({ field: f, error });
  };

  return {
    busy,
    pending,
    placeError,
    /** The trader opted out of confirming the orders that may be skipped. */
    skipConfirm,
    skipFromNowOn: () => setSkipConfirm(true),
    touch,
    clearError,
    /** A change handler that also drops the last refusal: the trader changed the order. */
    clearing:
      <T>(change: (v: T) => void) =>
      (v: T) => {
        change(v);
        clearError();
      },
    /** Ask before sending. */
    confirm: (body: P) => setPending(body),
    cancel: () => setPending(undefined),
    /**
     * A share of the spendable amount, from the slider or a quick button: `apply` gets the quantity it
     * comes to and the slider's place (0% clears it), or the price field asks for a price first.
     */
    percent: (state: OrderFormState, ctx: OrderContext, pct: number, apply: (quantity: string, slider: number) => void) => {
      const q = quantityForPercent(state, ctx, pct);
      const price = fields.find((f) => f === "price");
      if (q === "needsPrice") {
        if (price) flag(price, { key: "needsPrice" });
      } else if (q !== undefined) apply(q, pct);
      else if (pct === 0) apply("", 0);
    },
    /** A field's error in words: the gateway's refusal of it, else the form's check once it was left. */
    shown: (f: F, errors: Partial<Record<F, FieldError>>) => {
      if (placeError?.field === f) return errorText(placeError.error);
      const e = touched.has(f) ? errors[f] : undefined;
      return e ? errorText(e) : undefined;
    },
    /** A submit the form's checks refused: every field shows its error, the first takes the focus. */
    refuse: (errors: Partial<Record<F, FieldError>>) => {
      setTouched(new Set(fields));
      const first = fields.find((f) => errors[f]);
      if (first) focus(first);
    },
    send: async (body: P) => {
      setBusy(true);
      clearError();
      try {
        showToast(await post(body));
        setTouched(new Set());
        onPlaced();
      } catch (err) {
        const pe = placeErrorOf(err);
        const field = fields.find((f) => f === pe.field) ?? "form";
        setPlaceError({ field, error: pe.error });
        showToast(t("spot.toast.rejected", { reason: errorText(pe.error) }), "notice");
        if (field !== "form") focus(field);
      } finally {
        setBusy(false);
        setPending(undefined);
      }
    },
  };
}
