import type { ReactNode } from "react";
import { useLocalePrefix } from "~/components/locale-link";
import { COPY_ROOT_ID } from "~/lib/copy/page-config";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

export { envQuery } from "~/lib/copy/page-config";

/** The copy pages' outer element: it carries the page's configuration for the bundle as data attributes. */
export function CopyPageRoot({
  env,
  product = "futures",
  userId,
  traderId,
  demoOnly = false,
  children,
}: {
  env: "live" | "demo";
  product?: "futures" | "spot";
  userId: string | null;
  traderId?: string;
  demoOnly?: boolean;
  children: ReactNode;
}) {
  const { locale, intl } = usePagePrefs();
  const prefix = useLocalePrefix();
  return (
    <div
      id={COPY_ROOT_ID}
      className="copy-page"
      data-env={env}
      data-product={product}
      data-user={userId ?? undefined}
      data-trader={traderId}
      data-demo-only={demoOnly ? "1" : undefined}
      data-locale={locale}
      data-intl={intl}
      data-prefix={prefix ?? undefined}
    >
      {children}
    </div>
  );
}
