import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The frame of the proof-of-reserves, protection fund and download pages: the page's title and introduction (docs/decisions/714). */
export function ReservesPage({ page, children }: { page: "por" | "fund" | "download"; children: ReactNode }) {
  const { t } = useTranslation("reserves");
  return (
    <div className="reserves-page">
      <h1>{t(`${page}.title`)}</h1>
      <p>{t(`${page}.intro`)}</p>
      {children}
    </div>
  );
}
