import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { COPY_PATHS } from "../../../protocol/copy";
import { PRODUCT_TYPE } from "~/lib/futures/api";
import { browserHttp } from "~/lib/http/browser-client";
import { fieldOf, listAt } from "~/lib/records/source";

/**
 * Whether an order or fill was placed by copy trading: its `enterPointSource` (docs/decisions/358).
 * Not its `clientOid`: anyone may name their own order `copy1`.
 */
export const isCopy = (row: { source?: string }): boolean => row.source === "COPY";

/** The same for a spot order or fill as Bitget's REST sends it (`enterPointSource`, docs/decisions/362). */
export const isCopyOrder = (row: { enterPointSource?: string }): boolean => row.enterPointSource === "COPY";

/** The "Copy" mark beside a copied order, fill or position. */
export function CopyMark() {
  const { t } = useTranslation("copyrec");
  return (
    <span className="badge copy-mark" title={t("mark.title")} data-testid="copy-mark">
      {t("mark.copy")}
    </span>
  );
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The position sides (`BTCUSDT:long`) that hold an open copy: the follower's current copies
 * (`mix-follower/query-current-orders`), read again whenever a position's size changes. A position
 * side is marked when it holds a copy, even if the trader also added to it by hand.
 */
export function useCopySides(positions: ReadonlyArray<{ symbol: string; holdSide: string; total: string }>): ReadonlySet<string> {
  const key = positions.map((p) => `${p.symbol}:${p.holdSide}:${p.total}`).join(",");
  const [sides, setSides] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    if (!key) {
      setSides(NONE);
      return;
    }
    let live = true;
    browserHttp()
      .get<unknown>(COPY_PATHS.followerCurrentOrders, { productType: PRODUCT_TYPE, limit: "100" })
      .then((d) => {
        if (live) setSides(new Set(listAt(d, "trackingList").map((r) => `${fieldOf(r, "symbol")}:${fieldOf(r, "posSide")}`)));
      })
      // no mark rather than a broken table: the positions themselves are what matters
      .catch(() => live && setSides(NONE));
    return () => {
      live = false;
    };
  }, [key]);
  return sides;
}
