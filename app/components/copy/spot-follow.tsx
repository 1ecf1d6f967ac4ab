/**
 * Following a spot lead (docs/decisions/360, 362) with Bitget's spot follower settings: per pair a
 * multiple of the lead's amount (`percent`, 0.01–10) or a fixed quote amount per buy (`amount`), the
 * largest buy of one copy (`maxHoldSize`), take profit and stop loss in whole percent of the copy's
 * cost; a confirm step says it all back before `spot-follower/settings`. Unfollowing keeps the coins.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SPOT_COPY_PATHS } from "~/lib/copy/api";
import { browserHttp } from "~/lib/http/browser-client";
import { formatNumber } from "~/lib/i18n/format";
import { showToast } from "~/lib/toast";
import type { SpotSymbol } from "~/lib/trade/market";
import { spotFollowForm, type FollowMode } from "~/lib/copy/follow-settings";
import { ProductFollowDialog, type FollowProduct, type FollowDialogProps, type LeadDialogProps } from "./follow-form";
import { useCopyErrorText } from "./use-copy";

/** The gateway's bounds (spot-routes): multiple 0.01–10; take profit 1–1000 %, stop loss 1–100 %, whole. */
export const SPOT_BOUNDS = { multiple: ["0.01", "10"], takeProfit: ["1", "1000"], stopLoss: ["1", "100"] } as const;

/** The `spot-follower/settings` body of a dialog's choices, one entry per chosen pair. */
export function spotSettingsBody(
  traderId: string,
  c: { symbols: readonly string[]; mode: FollowMode; value: string; maxHold: string; takeProfit: string; stopLoss: string },
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

/** Spot: a multiple of the lead's amount, take profit and stop loss whole percent of the copy's cost, no total loss limit. */
export const SPOT_FOLLOW: FollowProduct = {
  ns: "scopy",
  testPrefix: "scopy",
  percentDefault: "1",
  percentSuffix: "×",
  percentBound: [2, ...SPOT_BOUNDS.multiple],
  takeProfitBound: [0, ...SPOT_BOUNDS.takeProfit],
  stopLossBound: [0, ...SPOT_BOUNDS.stopLoss],
  maxKey: "maxHold",
  tpSlTestIds: true,
  lossLimit: false,
  loadSymbols: () =>
    browserHttp()
      .get<SpotSymbol[]>(V2.symbols)
      .then((list) => list.map((s) => s.symbol)),
  querySettings: SPOT_COPY_PATHS.followerQuerySettings,
  toForm: spotFollowForm,
  settingsPath: SPOT_COPY_PATHS.followerSettings,
  body: spotSettingsBody,
  texts: (t, _tc, intl) => ({
    percent: t("follow.multiple"),
    percentHint: t("follow.multipleHint"),
    percentError: t("follow.multipleError"),
    percentSummary: (v) => t("follow.multipleSummary", { x: formatNumber(v, intl, { maxDigits: 2 }) }),
    maxHold: t("follow.maxHold"),
    takeProfitHint: t("follow.takeProfitHint"),
    takeProfitError: t("follow.takeProfitError"),
    stopLossHint: t("follow.stopLossHint"),
    stopLossError: t("follow.stopLossError"),
    ofPercent: (v) => t("follow.ofCost", { pct: formatNumber(v, intl, { maxDigits: 0 }) }),
  }),
};

/** Follow a spot lead (or change the follow's settings, `editing`: the fields start from the current ones). */
export function SpotFollowDialog(props: FollowDialogProps) {
  return <ProductFollowDialog product={SPOT_FOLLOW} {...props} />;
}

/** "Unfollow" a spot lead: the copied coins stay the follower's own (`spot-follower/cancel-trader`); confirm first. */
export function SpotUnfollowDialog({ traderId, traderName, onDone, onClose }: LeadDialogProps) {
  const { t } = useTranslation("scopy");
  const { t: tc } = useTranslation("copy");
  const errorText = useCopyErrorText();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await browserHttp().post(SPOT_COPY_PATHS.followerCancelTrader, { traderId });
      showToast(t("unfollow.done", { trader: traderName ?? traderId }));
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
      title={t("unfollow.title", { trader: traderName ?? traderId })}
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
