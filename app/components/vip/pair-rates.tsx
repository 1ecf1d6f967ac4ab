import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { VIP_PATHS, ppmRate, ratesFor } from "../../../protocol/vip";
import { ValueSelect } from "~/components/ui/form";
import { RadioChoices } from "~/components/ui/radio-choices";
import type { Async } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { showToast } from "~/lib/toast";
import { decimalRatePercent } from "~/lib/vip/format";

export type FeeMarket = "spot" | "margin" | "mix";
export const FEE_MARKETS: readonly FeeMarket[] = ["spot", "margin", "mix"];
type Rates = { pair: string; maker: string; taker: string; own: boolean };

/**
 * One pair's maker and taker rates: the trader's own from `common/trade-rate` (signed, their tier),
 * a guest's the base tier's from the shared table.
 */
export function PairRates({ pairs, loggedIn }: { pairs: Readonly<Record<FeeMarket, readonly string[]>>; loggedIn: boolean }) {
  const { t } = useTranslation("vip");
  const { intl } = usePagePrefs();
  const [market, setMarket] = useState<FeeMarket>("spot");
  const [pair, setPair] = useState(pairs.spot[0] ?? "");
  const [result, setResult] = useState<Async<Rates>>({ state: "idle" });
  const list = pairs[market];
  const chosen = list.includes(pair) ? pair : (list[0] ?? "");
  const marketName = (m: FeeMarket) => t(`fee.${m === "mix" ? "futures" : m}`);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    if (!loggedIn) {
      const r = ratesFor(0, market);
      setResult({ state: "ready", data: { pair: chosen, maker: ppmRate(r.maker), taker: ppmRate(r.taker), own: false } });
      return;
    }
    setResult({ state: "loading" });
    browserHttp()
      .get<{ makerFeeRate: string; takerFeeRate: string }>(
        `${VIP_PATHS.tradeRate}?symbol=${encodeURIComponent(chosen)}&businessType=${market}`,
      )
      .then((r) => setResult({ state: "ready", data: { pair: chosen, maker: r.makerFeeRate, taker: r.takerFeeRate, own: true } }))
      .catch((error: unknown) => {
        setResult({ state: "error", error });
        showToast(t("fee.failed"), "notice");
      });
  };

  return (
    <section className="card" aria-labelledby="vip-pair-title">
      <h2 id="vip-pair-title">{t("fee.pairTitle")}</h2>
      <form className="vip-pair-form" onSubmit={submit}>
        <RadioChoices legend={t("fee.market")} values={FEE_MARKETS} value={market} onChange={setMarket} label={marketName} />
        <ValueSelect id="vip-pair" label={t("fee.pair")} values={list} value={chosen} onChange={setPair} />
        <button type="submit" className="button primary" disabled={result.state === "loading"}>
          {t("fee.check")}
        </button>
      </form>
      <p role="status" aria-busy={result.state === "loading"} data-testid="vip-pair-rates">
        {result.state === "loading" && t("fee.loading")}
        {result.state === "ready" &&
          t(result.data.own ? "fee.yourRates" : "fee.guestRates", {
            pair: result.data.pair,
            maker: decimalRatePercent(result.data.maker, intl),
            taker: decimalRatePercent(result.data.taker, intl),
          })}
      </p>
      {result.state === "error" && (
        <p role="alert" className="notice error">
          {t("fee.failed")}
        </p>
      )}
    </section>
  );
}
