import type { TrackingEvent } from "../../../protocol/tracking";

/** How one upload ended, as the uploader acts on it (docs/decisions/401). */
export type SendOutcome =
  /** Stored; `refused` names events the gateway refused for good within the batch (docs/decisions/405). */
  | { kind: "ok"; refused?: Array<{ index: number; reason: string }> }
  /** 403: the gateway throttles this client; every tab pauses. */
  | { kind: "throttled"; status: number }
  /** The gateway refused the batch for good; `indexes` names the bad events when it says which (else all are). */
  | { kind: "rejected"; status: number; msg: string; indexes: number[] | undefined }
  /** Offline, timed out, 5xx, 429…: try again later; the first `delivered` events did arrive. */
  | { kind: "failed"; status: number; msg: string; delivered?: number };

export interface Sender {
  send(events: TrackingEvent[]): Promise<SendOutcome>;
  /**
   * At page hide, synchronously: hands over as many events as it can, oldest first. `delivered`
   * says whether they are known to have arrived (the native bridge) or may still be lost (a beacon).
   */
  sendNow(events: TrackingEvent[]): { sent: number; delivered: boolean };
}
