import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { errorKey } from "~/lib/auth/forms";
import { showToast } from "~/lib/toast";

/**
 * A button's account action (revoke, freeze, switch): the call, then `done` said in a toast and
 * `after` run; a refusal is said in a toast instead, so no button fails silently.
 */
export function useAction(): (call: () => Promise<unknown>, done?: string, after?: () => void) => Promise<void> {
  const { t } = useTranslation("common");
  return useCallback(
    async (call, done, after) => {
      try {
        await call();
        if (done) showToast(done);
        after?.();
      } catch (err) {
        showToast(t(errorKey(err)));
      }
    },
    [t],
  );
}
