import type { Trend } from "~/lib/wiki/market-view";
import { Img } from "~/components/img";

/** A figure that may be unknown: "—" with its meaning for screen readers, never an invented value. */
export function Figure({ value, unknownLabel, live }: { value: string | null; unknownLabel: string; live?: string }) {
  if (value === null)
    return (
      <span data-live={live}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{unknownLabel}</span>
      </span>
    );
  return <span data-live={live}>{value}</span>;
}

/** A signed 24 h change, coloured by direction (the sign carries it for those who cannot see colour). */
export function Change({ value, trend, live, unknownLabel }: { value: string | null; trend: Trend; live?: string; unknownLabel: string }) {
  if (value === null) return <Figure value={null} unknownLabel={unknownLabel} live={live} />;
  return (
    <span className={trend === "flat" ? undefined : trend} data-live={live}>
      {value}
    </span>
  );
}

/** The coin's icon; decorative, its name is always written beside it. */
export function CoinIcon({ coin, size = 24 }: { coin: { icon: string | null }; size?: number }) {
  return coin.icon ? <Img src={coin.icon} alt="" width={size} height={size} className="coin-icon" /> : null;
}
