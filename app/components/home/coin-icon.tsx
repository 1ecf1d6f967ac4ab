import { COIN_ICONS } from "../../../protocol/coin-icons";

/**
 * A coin's icon from this site's own /coins (docs/decisions/604, 722); a coin without one gets its
 * initials in a neutral circle, drawn here. Decorative: the coin's name is always written beside it.
 */
export function CoinIcon({ coin, size = 20 }: { coin: string; size?: number }) {
  const name = coin.toLowerCase();
  if (COIN_ICONS.has(name))
    return <img className="coin-icon" src={`/coins/${name}.svg`} alt="" width={size} height={size} loading="lazy" decoding="async" />;
  return (
    <svg className="coin-icon" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="currentColor" opacity="0.25" />
      <text x="16" y="16" dy="0.35em" textAnchor="middle" fontSize="11" fontWeight="700" fill="currentColor">
        {coin.slice(0, 4)}
      </text>
    </svg>
  );
}
