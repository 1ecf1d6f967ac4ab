import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { RadioChoices } from "~/components/ui/radio-choices";
import { browserHttp } from "~/lib/http/browser-client";
import { COPY_PATHS, percentToRatio } from "~/lib/copy/api";
import { futuresFollowForm, type FollowForm } from "~/lib/copy/follow-settings";
import { MIX, PRODUCT_TYPE } from "~/lib/futures/api";
import type { FuturesContract } from "~/lib/futures/contract";
import { formatNumber } from "~/lib/i18n/format";
import { showToast } from "~/lib/toast";
import { ProductFollowDialog, type FollowProduct, type FollowDialogProps, type LeadDialogProps } from "./follow-form";
import { useCopyErrorText } from "./use-copy";

/** Take profit: above 0 and at most 1000 % of the copy's margin (`stopSurplusRatio` 0 < r ≤ 10); stop loss: at most 100 % (0 < r ≤ 1). */
export const TAKE_PROFIT_MAX_PCT = "1000";
export const STOP_LOSS_MAX_PCT = "100";

/** The `mix-follower/settings` body of a dialog's choices, one entry per chosen pair (take profit and stop loss as ratios). */
export function futuresSettingsBody(traderId: string, c: FollowForm) {
  return {
    traderId,
    settings: c.symbols.map((symbol) => ({
      symbol,
      productType: PRODUCT_TYPE,
      traceType: c.mode,
      traceValue: c.value.trim(),
      ...(c.maxHold.trim() ? { maxHoldSize: c.maxHold.trim() } : {}),
      ...(c.takeProfit.trim() ? { stopSurplusRatio: percentToRatio(c.takeProfit) } : {}),
      ...(c.stopLoss.trim() ? { stopLossRatio: percentToRatio(c.stopLoss) } : {}),
    })),
    ...(c.lossLimit.trim() ? { totalLossLimit: c.lossLimit.trim() } : {}),
  };
}

/** Futures: a ratio of the lead's size (1–1000 %), take profit and stop loss a share of the copy's margin, a total loss limit. */
export const FUTURES_FOLLOW: FollowProduct = {
  ns: "copy",
  testPrefix: "copy",
  percentDefault: "100",
  percentSuffix: "%",
  percentBound: [2, "1", "1000"],
  takeProfitBound: [2, "0.01", TAKE_PROFIT_MAX_PCT],
  stopLossBound: [2, "0.01", STOP_LOSS_MAX_PCT],
  maxKey: "maxPer",
  tpSlTestIds: false,
  lossLimit: true,
  loadSymbols: () =>
    browserHttp()
      .get<FuturesContract[]>(`${MIX.contracts}?productType=${PRODUCT_TYPE}`)
      .then((list) => list.map((c) => c.symbol)),
  querySettings: COPY_PATHS.followerQuerySettings,
  toForm: futuresFollowForm,
  settingsPath: COPY_PATHS.followerSettings,
  body: futuresSettingsBody,
  texts: (t, tc, intl) => ({
    percent: t("follow.ratio"),
    percentHint: t("follow.ratioHint"),
    percentError: t("follow.ratioError"),
    percentSummary: (v) => t("follow.ratioSummary", { pct: formatNumber(v, intl, { maxDigits: 2 }) }),
    maxHold: tc("follow.maxPerOrder"),
    takeProfitHint: t("follow.takeProfitHint", { max: TAKE_PROFIT_MAX_PCT }),
    takeProfitError: t("follow.takeProfitError", { max: TAKE_PROFIT_MAX_PCT }),
    stopLossHint: t("follow.stopLossHint", { max: STOP_LOSS_MAX_PCT }),
    stopLossError: t("follow.stopLossError", { max: STOP_LOSS_MAX_PCT }),
    ofPercent: (v) => t("follow.ofMargin", { pct: formatNumber(v, intl, { maxDigits: 2 }) }),
  }),
};

/**
 * "Follow" (or change the settings of a follow, `editing`: the fields start from the current ones): a ratio of the lead's size or a fixed margin per
 * copy, the pairs to copy, a cap per order, take profit and stop loss per copy (a share of its
 * margin) and a total loss limit; then a confirm step that says it all back before the BFF's
 * `mix-follower/settings` call.
 */
export function FollowDialog(props: FollowDialogProps) {
  return <ProductFollowDialog product={FUTURES_FOLLOW} {...props} />;
}

/** "Unfollow": keep the copies as the follower's own positions, or close them at market; then confirm. */
export function UnfollowDialog({ traderId, traderName, onDone, onClose }: LeadDialogProps) {
  const { t } = useTranslation("copy");
  const errorText = useCopyErrorText();
  const [close, setClose] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await browserHttp().post(COPY_PATHS.followerCancelTrader, { traderId, closePositions: close ? "yes" : "no" });
      showToast(
        close ? t("unfollow.doneClosed", { trader: traderName ?? traderId }) : t("unfollow.doneKept", { trader: traderName ?? traderId }),
      );
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
      title={t("unfollow.title", { trader: traderName ?? traderId })}
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
