import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Async } from "~/lib/async-state";
import { errorKey } from "~/lib/auth/forms";

/** A card names itself by its own heading, or (under the page's heading) by a label. */
type Name = { titleId: string; title: string; heading?: "h1" | "h2" } | { label: string };

/** A card of data the browser asks for: busy while loading, the refusal as an alert, then its content. */
export function AsyncCard<T>({ value, name, children }: { value: Async<T>; name: Name; children: (data: T) => ReactNode }) {
  const { t } = useTranslation("common");
  const H = "titleId" in name ? (name.heading ?? "h2") : undefined;
  return (
    <section
      className="card"
      aria-busy={value.state === "loading"}
      aria-labelledby={"titleId" in name ? name.titleId : undefined}
      aria-label={"label" in name ? name.label : undefined}
    >
      {H && "titleId" in name && <H id={name.titleId}>{name.title}</H>}
      {value.state === "loading" && <p>{t("security.loading")}</p>}
      {value.state === "error" && (
        <p role="alert" className="notice error">
          {t(errorKey(value.error))}
        </p>
      )}
      {value.state === "ready" && children(value.data)}
    </section>
  );
}
