import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { FuturesAssets, SpotAssets } from "~/components/assets/asset-lists";
import { AssetOverview } from "~/components/assets/asset-overview";
import { AssetShell } from "~/components/assets/asset-shell";
import { phonePaths } from "~/lib/trade/phone-paths";
import { PhoneFrame } from "./phone-frame";

/**
 * The trader's assets on a phone (`/trade-asset`, docs/decisions/723): the asset pages' own
 * overview, spot and futures lists (with transfer and deposit), coins as cards in one column.
 */
export function PhoneAssetsPage() {
  const { t } = useTranslation("phone");
  const { t: ta } = useTranslation("assets");
  return (
    <PhoneFrame
      testId="phone-assets"
      bar={
        <>
          <LocaleLink className="button primary" to={phonePaths.spot()}>
            {t("pair.spot")}
          </LocaleLink>
          <LocaleLink className="button primary" to={phonePaths.swap()}>
            {t("pair.swap")}
          </LocaleLink>
        </>
      }
    >
      <div className="phone-cards">
        <AssetShell page="overview">
          <AssetOverview />
          <h2>{ta("title.spot")}</h2>
          <SpotAssets />
          <h2>{ta("title.futures")}</h2>
          <FuturesAssets />
        </AssetShell>
      </div>
    </PhoneFrame>
  );
}
