/**
 * The copy-trading statements of `/record/copy-trading` (docs/decisions/358): the follower's closed
 * copies (Bitget's `mix-follower/query-history-orders`: trader, pair, side, open and close price and
 * time, size, net PnL and the profit share paid), the lead's profit share earned per copy
 * (`mix-trader/profit-history-details`) and the lead's own closed tracks (`mix-trader/order-history-track`).
 * The lead's lists answer 40701 to an account that does not lead, which the list says as the gateway words it.
 */
import { COPY_PATHS } from "../../../protocol/copy";
import { SPOT_COPY_PATHS, SPOT_COPY_PUBLIC_PATHS } from "../../../protocol/spot-copy";
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

/**
 * A follower's copy log (ours, `query-copy-records`): every copy placed or refused, newest first, a
 * refusal with the gateway's code and words, so a copy that could not be made is never a hidden
 * failure (docs/decisions/357). The endpoint takes only its cursor and limit.
 */
function copyLog(id: string, label: string, path: string, limit: number, sides: readonly RecordField[]): RecordSource {
  return {
    id,
    label,
    path: () => path,
    limit,
    filters: { time: false, symbols: [] },
    query: () => ({}),
    rows: (d) => listAt(d, "recordList"),
    next: idOf("endId"),
    key: "id",
    fields: [
      FIELD.time,
      field("traderName", "copyrec:field.trader", "text"),
      FIELD.pair,
      ...sides,
      amountOf("size", "size", "base"),
      FIELD.status,
      field("code", "copyrec:field.code", "text"),
      field("msg", "copyrec:field.reason", "text"),
      FIELD.orderId,
    ],
  };
}

/** `/record/copy-trading`: the follower's copies and copy log, the lead's profit share per copy and the lead's tracks. */
export function copyRecordSources(symbols: readonly string[]): RecordSource[] {
  return [
    history(symbols, "copies", COPY_PATHS.followerHistoryOrders, "trackingList", "trackingNo", [
      CLOSED,
      field("traderName", "copyrec:field.trader", "text"),
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
    copyLog("copyLog", "copyrec:tab.copyLog", COPY_PATHS.followerCopyRecords, 100, [SIDE, field("action", "copyrec:field.action", "code")]),
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

const BUY_PRICE = field("buyPrice", "scopy:records.buyPrice", "number");
const SELL_PRICE = field("sellPrice", "scopy:records.sellPrice", "number");
const BOUGHT = field("buyTime", "scopy:records.bought", "time");
const SOLD = field("sellTime", "closed", "time");
const SOLD_SIZE = amountOf("fillSize", "scopy:records.sold", "base");

/** A spot list of the statements: the spot copy endpoints take no time window or product type; the lead's shares do take a window. */
function spotList(id: string, path: string, list: string, key: string, fields: readonly RecordField[], time = false): RecordSource {
  return {
    id,
    label: `scopy:records.tab.${id}`,
    path: () => path,
    limit: 50,
    // the spot histories filter the pair after their limit (decision 360), so the statements offer no pair choice
    filters: { time, symbols: [] },
    query: () => ({}),
    rows: (d) => listAt(d, list),
    next: idOf("endId"),
    key,
    fields,
  };
}

/**
 * The spot statements (docs/decisions/362): the follower's ended spot copies
 * (`spot-follower/query-history-orders`), and for a spot lead its profit share earned per copy
 * (`spot-trader/profit-history-details`) and its closed holdings (`spot-trader/order-history-track`).
 */
export function spotCopyRecordSources(lead: boolean): RecordSource[] {
  const copies = spotList("spotCopies", SPOT_COPY_PATHS.followerHistoryOrders, "trackingList", "trackingNo", [
    SOLD,
    field("traderName", "copyrec:field.trader", "text"),
    FIELD.pair,
    BUY_PRICE,
    BOUGHT,
    SELL_PRICE,
    SOLD_SIZE,
    amountOf("achievedPL", "profit", "quote"),
    amountOf("profitShare", "copyrec:field.sharePaid", "quote"),
    amountOf("netProfit", "netProfit", "quote"),
    field("stopType", "copyrec:field.end", "code"),
    COPY_ID,
  ]);
  const log = copyLog("spotCopyLog", "scopy:records.tab.spotCopyLog", SPOT_COPY_PATHS.followerCopyRecords, 50, [FIELD.side]);
  if (!lead) return [copies, log];
  return [
    copies,
    log,
    spotList(
      "spotShare",
      SPOT_COPY_PUBLIC_PATHS.traderProfitHistory,
      "profitList",
      "profitId",
      [
        field("profitTime", "closed", "time"),
        field("followerUid", "copyrec:field.follower", "text"),
        FIELD.pair,
        BUY_PRICE,
        SELL_PRICE,
        SOLD_SIZE,
        amountOf("profit", "copyrec:field.shareEarned", { field: "coin" }),
        COPY_ID,
      ],
      true,
    ),
    spotList("spotTracks", SPOT_COPY_PATHS.traderHistoryTrack, "trackingList", "trackingNo", [
      SOLD,
      FIELD.pair,
      BUY_PRICE,
      BOUGHT,
      SELL_PRICE,
      SOLD_SIZE,
      amountOf("achievedPL", "profit", "quote"),
      amountOf("sellFee", "copyrec:field.closeFee", "quote", true),
      COPY_ID,
    ]),
  ];
}

/**
 * The statements an account sees (docs/decisions/362): the follower's lists always; the lead's lists
 * only for a lead of that product, so a non-lead's page makes no call that answers "not a lead".
 * `roles` is undefined until read: the lead lists wait for it.
 */
export function visibleCopySources(
  symbols: readonly string[],
  roles: { futuresLead: boolean; spotLead: boolean } | undefined,
): RecordSource[] {
  const [copies, log, share, tracks] = copyRecordSources(symbols);
  return [copies!, log!, ...(roles?.futuresLead ? [share!, tracks!] : []), ...spotCopyRecordSources(!!roles?.spotLead)];
}
