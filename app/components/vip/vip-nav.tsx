import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { VIP_PAGES } from "~/lib/vip/paths";

/** Links between the three VIP and fee pages; the current one is marked. */
export function VipNav({ current }: { current: keyof typeof VIP_PAGES }) {
  const { t } = useTranslation("vip");
  return (
    <nav aria-label={t("nav.label")} className="page-nav vip-nav">
      {(Object.keys(VIP_PAGES) as Array<keyof typeof VIP_PAGES>).map((k) => (
        <LocaleLink key={k} to={VIP_PAGES[k]} aria-current={k === current ? "page" : undefined}>
          {t(`nav.${k}`)}
        </LocaleLink>
      ))}
    </nav>
  );
}
