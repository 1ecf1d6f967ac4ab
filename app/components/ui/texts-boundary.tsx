import { Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Said (and shown as a small spinner) while a part's texts are still on their way. */
export function TextsWait() {
  // `common` is every page's (protocol/page-i18n.ts SHELL_NAMESPACES), so the wait itself never waits
  const { t } = useTranslation("common");
  return (
    <p className="texts-wait" role="status" data-testid="texts-wait">
      <span className="spinner" aria-hidden="true" />
      {t("security.loading")}
    </p>
  );
}

/**
 * Where a part opened by a click (a dialog's body, a sheet, a popover) may read an i18n namespace the
 * page was not sent and the browser has not loaded yet (docs/decisions/725): its `useTranslation`
 * suspends, and this boundary shows a labelled spinner in its place until the texts are in, instead of
 * React failing the whole page (a click's update has no fallback above it). A closed part renders
 * nothing on the server, so the server's HTML is the same with it.
 */
export function TextsBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={<TextsWait />}>{children}</Suspense>;
}
