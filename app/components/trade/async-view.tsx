import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Async } from "~/lib/async-state";

/** Loading, error, empty or the content of one list. */
export function AsyncView<T>({
  value,
  empty,
  children,
}: {
  value: Async<readonly T[]>;
  empty: string;
  children: (list: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation("trade");
  if (value.state === "error") {
    const msg = value.error instanceof Error ? value.error.message : String(value.error);
    return (
      <p role="alert" className="notice error">
        {t("account.loadFailed", { msg })}
      </p>
    );
  }
  if (value.state !== "ready")
    return (
      <p className="muted" aria-busy="true">
        {t("account.loading")}
      </p>
    );
  if (value.data.length === 0) return <p className="muted">{empty}</p>;
  return <>{children(value.data)}</>;
}
