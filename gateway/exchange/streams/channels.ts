/** Bitget WebSocket v2 channel names and error codes the streams speak. */
import { CANDLE_CHANNELS } from "../../../protocol/bitget.ts";

export const WS_ERRORS = {
  channelNotExist: 30001,
  illegalRequest: 30002,
  invalidOp: 30003,
  needLogin: 30004,
  loginFailed: 30005,
  tooMany: 30006,
  overLimit: 30007,
  invalidKey: 30011,
  invalidPassphrase: 30012,
  invalidTimestamp: 30013,
  timestampExpired: 30014,
  invalidSign: 30015,
  paramError: 30016,
} as const;

/** Depth channels pushed as full snapshots of the top N levels. */
export const SNAPSHOT_BOOKS: Record<string, number> = { books1: 1, books5: 5, books15: 15 };

export const PUBLIC_CHANNELS = new Set(["ticker", "trade", "books", ...Object.keys(SNAPSHOT_BOOKS), ...Object.keys(CANDLE_CHANNELS)]);
export const PRIVATE_CHANNELS = new Set(["account", "orders", "orders-algo", "fill"]);
/** Fills a `fill` snapshot starts with (the newest). */
export const FILL_SNAPSHOT = 20;

export const MAX_SUBSCRIPTIONS = 1000;
/** Client messages per second before a connection is refused further requests. */
export const MAX_MESSAGES_PER_SECOND = 10;
export const IDLE_MS = 120_000;
/** A client this far behind is disconnected so the gateway's memory stays bounded. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export interface Arg {
  instType: string;
  channel: string;
  instId?: string;
  coin?: string;
}
