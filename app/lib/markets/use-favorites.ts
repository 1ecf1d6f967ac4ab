import { useCallback } from "react";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { toggleFavorite } from "~/lib/trade/market-list";
import type { MarketKind } from "./overview";

/**
 * The trader's starred markets, spot pairs and USDT-M contracts apart (BTCUSDT is both). They are
 * local preferences, for a guest and a logged-in user alike: the exchange keeps no favourites of its
 * own (docs/decisions/704, 722).
 */
export function useFavorites() {
  const [spot, setSpot] = useLocalPref("favoriteSymbols");
  const [futures, setFutures] = useLocalPref("favoriteContracts");
  const toggle = useCallback(
    (kind: MarketKind, symbol: string) =>
      kind === "spot" ? setSpot(toggleFavorite(spot, symbol)) : setFutures(toggleFavorite(futures, symbol)),
    [spot, futures, setSpot, setFutures],
  );
  return { spot, futures, toggle };
}
