/**
 * The copy-trading statements of `/record/copy-trading` (docs/decisions/358): the follower's closed
 * copies (Bitget's `mix-follower/query-history-orders`: trader, pair, side, open and close price and
 * time, size, net PnL and the profit share paid), the lead's profit share earned per copy
 * (`mix-trader/profit-history-details`) and the lead's own closed tracks (`mix-trader/order-history-track`).
 * The lead's lists answer 40701 to an account that does not lead, which the list says as the gateway words it.
 */
import { COPY_PATHS } from "../../../protocol/copy";
import { PRODUCT_TYPE } from "~/lib/futures/api";
import { idOf, listAt, pair, type RecordField, type RecordSource } from "./source";
import { amountOf, FIELD, field } from "./fields";

const SIDE = field("posSide", "holdSide", "code");
const OPEN_PRICE = field("openPriceAvg", "openPrice", "number");
const CLOSE_PRICE = field("closePriceAvg", "closePrice", "number");
const OPENED = field("openTime", "opened", "time");
const CLOSED = field("closeTime", "closed", "time");
const COPY_ID = field("trackingNo", "copyrec:field.trackingNo", "text");

function history(
  symbols: readonly string[],
  id: string,
  path: string,
  list: string,
  key: string,
  fields: readonly RecordField[],
  product = true,
): RecordSource {
  return {
    id,
    label: `copyrec:tab.${id}`,
    path: () => path,
    limit: 100,
    filters: { time: true, symbols },
    query: (f) => ({ ...(product ? { productType: PRODUCT_TYPE } : {}), ...pair(f.symbol) }),
    rows: (d) => listAt(d, list),
    next: idOf("endId"),
    key,
    fields,
  };
}

/** `/record/copy-trading`: the follower's copies, the lead's profit share per copy and the lead's tracks. */
export function copyRecordSources(symbols: readonly string[]): RecordSource[] {
  return [
    history(symbols, "copies", COPY_PATHS.followerHistoryOrders, "trackingList", "trackingNo", [
      CLOSED,
      field("traderId", "copyrec:field.trader", "text"),
      FIELD.pair,
      SIDE,
      OPEN_PRICE,
      OPENED,
      CLOSE_PRICE,
      amountOf("closeSize", "size", "base"),
      amountOf("netProfit", "netProfit", "quote"),
      amountOf("profitShare", "copyrec:field.sharePaid", "quote"),
      field("stopType", "copyrec:field.end", "code"),
      COPY_ID,
    ]),
    history(
      symbols,
      "share",
      COPY_PATHS.traderProfitHistory,
      "profitList",
      "profitId",
      [
        field("profitTime", "closed", "time"),
        field("followerUid", "copyrec:field.follower", "text"),
        FIELD.pair,
        SIDE,
        OPEN_PRICE,
        CLOSE_PRICE,
        amountOf("closeSize", "size", "base"),
        amountOf("profit", "copyrec:field.shareEarned", { field: "coin" }),
        COPY_ID,
      ],
      false,
    ),
    history(symbols, "tracks", COPY_PATHS.traderHistoryTrack, "trackingList", "trackingNo", [
      CLOSED,
      FIELD.pair,
      SIDE,
      OPEN_PRICE,
      OPENED,
      CLOSE_PRICE,
      amountOf("closeSize", "size", "base"),
      amountOf("achievedPL", "profit", "quote"),
      amountOf("openFee", "copyrec:field.openFee", "quote", true),
      amountOf("closeFee", "copyrec:field.closeFee", "quote", true),
      COPY_ID,
    ]),
  ];
}
