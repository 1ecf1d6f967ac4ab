import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CODE_RULE } from "../../../protocol/accounts";

/**
 * "Send code", then "Resend in N s" for the gateway's one-minute cooldown. `send` resolves true
 * when a code went out; its own errors are the caller's to show beside the right field.
 */
export function SendCodeButton({ send, disabled }: { send(): Promise<boolean>; disabled?: boolean }) {
  const { t } = useTranslation("common");
  const [cooldown, setCooldown] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const id = setTimeout(() => setCooldown(cooldown - 1), 1000);
    return () => clearTimeout(id);
  }, [cooldown]);

  const click = async () => {
    setBusy(true);
    try {
      if (await send()) setCooldown(CODE_RULE.resendAfterMs / 1000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" onClick={() => void click()} disabled={disabled || busy || cooldown > 0} aria-busy={busy}>
      {cooldown > 0 ? t("auth.resendIn", { seconds: cooldown }) : t("auth.sendCode")}
    </button>
  );
}
