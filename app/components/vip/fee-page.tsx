import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/tabs";
import { useRootData } from "~/lib/root-data";
import { useVipDetail } from "~/lib/vip/use-vip-detail";
import { PairRates, type FeeMarket } from "./pair-rates";
import { PlatformCoinFees } from "./platform-coin-fees";
import { TierTable } from "./tier-table";
import { VipNav } from "./vip-nav";

/** `/fee`: the fee schedule per level for spot, margin and futures, the trader's row marked, and one pair's rates (docs/decisions/713). */
export function FeePage({ pairs }: { pairs: Readonly<Record<FeeMarket, readonly string[]>> }) {
  const { t } = useTranslation("vip");
  const loggedIn = Boolean(useRootData()?.user);
  const [detail] = useVipDetail(loggedIn);
  const mine = detail.state === "ready" ? detail.data.level : undefined;
  const table = (market: "spot" | "margin" | "futures") => {
    const caption = t("fee.captionOf", { market: t(`fee.${market}`) });
    return <TierTable show={[market === "futures" ? "futures" : "spot"]} mine={mine} caption={caption} />;
  };
  return (
    <div className="vip-page">
      <h1>{t("fee.title")}</h1>
      <p className="lead">{t("fee.lead")}</p>
      <VipNav current="fee" />
      <section className="card" aria-label={t("fee.title")} aria-busy={detail.state === "loading"}>
        <Tabs
          label={t("fee.title")}
          tabs={(["spot", "margin", "futures"] as const).map((m) => ({ id: m, label: t(`fee.${m}`), panel: () => table(m) }))}
        />
      </section>
      <PairRates pairs={pairs} loggedIn={loggedIn} />
      <PlatformCoinFees loggedIn={loggedIn} />
    </div>
  );
}
