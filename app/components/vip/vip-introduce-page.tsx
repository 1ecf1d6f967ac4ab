import { useTranslation } from "react-i18next";
import { TierTable } from "./tier-table";
import { VipNav } from "./vip-nav";

const HOW = ["either", "volume", "balance", "daily", "demo"] as const;

/** `/vip/vipIntroduce`: the tier table and how a level is reached (docs/decisions/713). */
export function VipIntroducePage() {
  const { t } = useTranslation("vip");
  return (
    <div className="vip-page">
      <h1>{t("introduce.title")}</h1>
      <p className="lead">{t("introduce.lead")}</p>
      <VipNav current="introduce" />
      <section className="card" aria-labelledby="vip-tiers-title">
        <h2 id="vip-tiers-title">{t("table.caption")}</h2>
        <TierTable show={["thresholds", "spot", "futures"]} caption={t("table.caption")} />
      </section>
      <section className="card" aria-labelledby="vip-how-title">
        <h2 id="vip-how-title">{t("introduce.howTitle")}</h2>
        <ul className="vip-how">
          {HOW.map((k) => (
            <li key={k}>{t(`introduce.how.${k}`)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
