import type { TrackingEvent } from "../../protocol/tracking.ts";
import type { Db } from "../db/database.ts";

export interface StoreResult {
  accepted: number;
  duplicates: number;
}

/**
 * Writes events once each: a (page_unique_id, seq) already held is a resend and is skipped. Events
 * without their own key carry one derived from their content (docs/decisions/405).
 */
export class TrackingEventStore {
  private readonly insert;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.insert = db.prepare(`INSERT OR IGNORE INTO tracking_events
      (page_unique_id, seq, log_seq, type, page_status, event_tracking, event_tracking_id, device_id, session_id,
       uid, url, event_time, received_at, client_ip, pfb, body)
      VALUES (@page_unique_id, @seq, @log_seq, @type, @page_status, @event_tracking, @event_tracking_id, @device_id,
       @session_id, @uid, @url, @event_time, @received_at, @client_ip, @pfb, @body)`);
  }

  /** One transaction per batch, in the batch's order. */
  store(events: readonly TrackingEvent[], clientIp: string, pfb: string, receivedAt = this.now()): StoreResult {
    let accepted = 0;
    this.db.transaction(() => {
      for (const e of events) {
        accepted += this.insert.run({
          page_unique_id: e.page_unique_id,
          seq: e.seq,
          log_seq: e.log_seq,
          type: e.type,
          page_status: e.page_status,
          event_tracking: e.event_tracking,
          event_tracking_id: e.event_tracking_id,
          device_id: e.device_id,
          session_id: e.session_id,
          uid: e.uid,
          url: e.url,
          event_time: e.timestamp,
          received_at: receivedAt,
          client_ip: clientIp,
          pfb,
          body: JSON.stringify(e),
        }).changes;
      }
    })();
    return { accepted, duplicates: events.length - accepted };
  }
}
