import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Async } from "~/lib/async-state";

/** A load that failed: the caller's words with the error's message. */
export function LoadFailed({ error, text }: { error: unknown; text: (msg: string) => string }) {
  const msg = error instanceof Error ? error.message : String(error);
  return (
    <p role="alert" className="notice error">
      {text(msg)}
    </p>
  );
}

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
  if (value.state === "error") return <LoadFailed error={value.error} text={(msg) => t("account.loadFailed", { msg })} />;
  if (value.state !== "ready")
    return (
      <p className="muted" aria-busy="true">
        {t("account.loading")}
      </p>
    );
  if (value.data.length === 0) return <p className="muted">{empty}</p>;
  return <>{children(value.data)}</>;
}
