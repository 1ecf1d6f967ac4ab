/** Bitget v2 stream messages as the client reads them (docs/protocol.md §9). */
/** The product lines the client follows: spot, USDT-M futures (docs/decisions/705) and margin (docs/decisions/707). */
export type InstType = "SPOT" | "USDT-FUTURES" | "MARGIN";

export interface StreamArg {
  instType: InstType;
  channel: string;
  instId?: string;
  coin?: string;
}

/** A data push: the first answer to a subscription is a snapshot, then updates (or snapshots again). */
export interface StreamPush {
  action: "snapshot" | "update";
  arg: StreamArg;
  data: unknown[];
  ts?: number;
  /**
   * The gateway's extra field of a `positions` list under USDT-FUTURES (Bitget's channel has none):
   * the positions that left the list in this change and why (docs/decisions/717).
   */
  endedPositions?: unknown[];
}

/** An `{"event":"error"}` answer: a refused request, a refused login or a refused subscription. */
export interface StreamError {
  code: number;
  msg: string;
  arg?: StreamArg;
}

export type StreamStatus = "idle" | "connecting" | "open" | "reconnecting" | "unauthorized";

/**
 * One subscription's identity on the wire: channel plus instrument (or coin), and the product line
 * when it is not spot (a futures `ticker:BTCUSDT` is not the spot one; spot keys stay as they were).
 */
export function argKey(arg: Pick<StreamArg, "channel" | "instId" | "coin"> & { instType?: string }): string {
  const key = `${arg.channel}:${arg.instId ?? arg.coin ?? ""}`;
  return arg.instType && arg.instType !== "SPOT" ? `${arg.instType}/${key}` : key;
}

type Parsed =
  | { kind: "pong" }
  | { kind: "push"; push: StreamPush }
  | { kind: "login" }
  | { kind: "error"; error: StreamError }
  | { kind: "other" };

/** Reads one frame; anything unexpected is `other`, never a throw. */
export function parseFrame(text: string): Parsed {
  if (text === "pong") return { kind: "pong" };
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return { kind: "other" };
  }
  if (!m || typeof m !== "object") return { kind: "other" };
  const o = m as Record<string, unknown>;
  if (o.event === "login" && o.code === 0) return { kind: "login" };
  if (o.event === "error") {
    const arg = isArg(o.arg) ? o.arg : undefined;
    return { kind: "error", error: { code: Number(o.code), msg: String(o.msg ?? ""), ...(arg ? { arg } : {}) } };
  }
  if ((o.action === "snapshot" || o.action === "update") && isArg(o.arg) && Array.isArray(o.data)) {
    const push: StreamPush = { action: o.action, arg: o.arg, data: o.data, ts: typeof o.ts === "number" ? o.ts : undefined };
    if (Array.isArray(o.endedPositions)) push.endedPositions = o.endedPositions;
    return { kind: "push", push };
  }
  return { kind: "other" };
}

function isArg(v: unknown): v is StreamArg {
  return !!v && typeof v === "object" && typeof (v as StreamArg).channel === "string";
}
