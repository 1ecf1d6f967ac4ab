import { NATIVE_BRIDGE, type TrackingEvent } from "../../../protocol/tracking";
import type { Sender } from "./sender";
import type { OsName } from "../../../protocol/user-agent";

export interface NativeBridge {
  os: "ios" | "android";
  /** Hands one event, as JSON, to the app. */
  post(json: string): void;
}

interface BridgeWindow {
  webkit?: { messageHandlers?: Record<string, { postMessage?: (message: string) => void } | undefined> };
  [name: string]: unknown;
}

/**
 * Inside the native app a bridge object exists (docs/product.md). The bridge matching the OS takes the
 * events one by one; when the OS is neither iOS nor Android the SDK falls back to the web upload.
 */
export function detectNativeBridge(win: unknown, os: OsName): { inApp: boolean; bridge: NativeBridge | undefined } {
  const w = (typeof win === "object" && win !== null ? win : {}) as BridgeWindow;
  const ios = w.webkit?.messageHandlers?.[NATIVE_BRIDGE.ios];
  const android = w[NATIVE_BRIDGE.android] as { postMessage?: (message: string) => void } | undefined;
  const iosPost = typeof ios?.postMessage === "function" ? ios : undefined;
  const androidPost = typeof android?.postMessage === "function" ? android : undefined;
  const inApp = iosPost !== undefined || androidPost !== undefined;
  if (os === "ios" && iosPost) return { inApp, bridge: { os, post: (json) => iosPost.postMessage!(json) } };
  if (os === "android" && androidPost) return { inApp, bridge: { os, post: (json) => androidPost.postMessage!(json) } };
  return { inApp, bridge: undefined };
}

/** Sends through the app's bridge, one event per message; a message handed over is delivered. */
export function nativeSender(bridge: NativeBridge): Sender {
  const postAll = (events: TrackingEvent[]): number => {
    let sent = 0;
    for (const event of events) {
      try {
        bridge.post(JSON.stringify(event));
      } catch {
        break;
      }
      sent += 1;
    }
    return sent;
  };
  return {
    async send(events) {
      const sent = postAll(events);
      return sent === events.length
        ? { kind: "ok" }
        : { kind: "failed", status: 0, msg: `${bridge.os} bridge refused an event`, delivered: sent };
    },
    sendNow: (events) => ({ sent: postAll(events), delivered: true }),
  };
}
