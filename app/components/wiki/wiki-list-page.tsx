import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { useRevalidateEvery } from "~/lib/use-revalidate-every";
import { WIKI_REFRESH_MS } from "~/lib/wiki/market-view";

interface Props {
  /** Keys in the wiki namespace. */
  titleKey: string;
  leadKey: string;
  /** The other list page, and the words of the link to it. */
  other: { to: string; labelKey: string };
  marketsUp: boolean;
  children: React.ReactNode;
}

/** The frame both coin lists share (/wiki, /wiki/page): heading, lead, a notice when prices are down, live refresh. */
export function WikiListPage({ titleKey, leadKey, other, marketsUp, children }: Props) {
  const { t } = useTranslation("wiki");
  useRevalidateEvery(WIKI_REFRESH_MS);
  return (
    <div className="wiki">
      <h1>{t(titleKey)}</h1>
      <p className="lead">{t(leadKey)}</p>
      {!marketsUp && (
        <p role="status" className="notice error">
          {t("market.unavailable")}
        </p>
      )}
      {children}
      <p>
        <LocaleLink to={other.to}>{t(other.labelKey)}</LocaleLink>
      </p>
    </div>
  );
}
