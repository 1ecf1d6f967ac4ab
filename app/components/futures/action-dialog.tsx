import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "~/components/trade/order-fields";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { browserHttp } from "~/lib/http/browser-client";
import { showToast } from "~/lib/toast";
import { placeErrorOf } from "~/lib/trade/order-errors";

/** What a dialog's confirm sends: gateway calls in turn, and the toast once all went through. */
export interface Action {
  calls: ReadonlyArray<{ path: string; body: Record<string, unknown> }>;
  done: string;
}

/**
 * A futures dialog whose confirm changes something at the gateway (a setting, a transfer, a close):
 * busy while it sends, a toast when done (and the screen told), the gateway's reason when refused.
 */
export function ActionDialog({
  title,
  confirm,
  tone,
  skipLabel,
  onSkip,
  action,
  onDone,
  onClose,
  refusedBy,
  children,
}: {
  title: string;
  confirm: string;
  tone?: string;
  /** The "don't show this tip again" box, and what ticking it does. */
  skipLabel?: string;
  onSkip?: () => void;
  /** The calls to send, or undefined while the dialog's fields are not valid. */
  action: () => Action | undefined;
  onDone: () => void;
  onClose: () => void;
  /** The id of the text saying why confirming is refused now (ConfirmDialog's `refusedBy`). */
  refusedBy?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation("trade");
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const run = async (skip: boolean) => {
    if (skip) onSkip?.();
    const a = action();
    if (!a) return;
    setBusy(true);
    try {
      for (const c of a.calls) await browserHttp().post(c.path, c.body);
      showToast(a.done);
      onDone();
      onClose();
    } catch (e) {
      showToast(t("futures.toast.failed", { msg: errorText(placeErrorOf(e).error) }), "notice");
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={title}
      confirm={confirm}
      cancel={t("futures.confirm.cancel")}
      skipLabel={skipLabel}
      busy={busy}
      tone={tone}
      onCancel={onClose}
      onConfirm={(skip) => void run(skip)}
      refusedBy={refusedBy}
    >
      {children}
    </ConfirmDialog>
  );
}
