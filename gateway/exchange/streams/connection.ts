/** One stream connection and how the gateway writes to it. */
import type { WebSocket } from "ws";
import type { Principal } from "../../request.ts";
import type { Env } from "../engine/types.ts";
import { MAX_BUFFERED_BYTES, type Arg } from "./channels.ts";

export interface Conn {
  ws: WebSocket;
  env: Env;
  isPrivate: boolean;
  user: Principal | undefined;
  /** What the upgrade request said about the caller, for a web session's login message. */
  upgrade: { cookie: string | undefined; ip: string };
  subs: Map<string, Arg>;
  /** Last books seq sent per symbol, for the pseq of the next update. */
  bookSeq: Map<string, number>;
  lastMessage: number;
  window: number;
  windowCount: number;
}

export function send(c: Conn, payload: unknown): void {
  if (c.ws.readyState !== c.ws.OPEN) return;
  if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    c.ws.terminate();
    return;
  }
  c.ws.send(typeof payload === "string" ? payload : JSON.stringify(payload));
}

export function error(c: Conn, code: number, msg: string, arg?: unknown): void {
  send(c, { event: "error", code, msg, ...(arg === undefined ? {} : { arg }) });
}
