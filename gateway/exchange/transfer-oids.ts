/**
 * Client order ids of transfers (docs/decisions/330): a user's clientOid names one transfer in an
 * environment. The wallet transfer writes it in the transfer's own commit (`ex_transfer_oids`), so a
 * retry after a crash is refused as a duplicate and never moves the coins twice; sub-account
 * transfers keep theirs in `sub_transfers` (docs/decisions/503). The transfer records read both.
 */
import { EX_CODES } from "../../protocol/bitget.ts";
import type { Db } from "../db/database.ts";
import { GatewayError } from "../envelope.ts";

export class TransferOids {
  constructor(private readonly db: Db) {}

  has(env: string, userId: string, clientOid: string): boolean {
    return (
      this.db.prepare("SELECT 1 FROM ex_transfer_oids WHERE env = ? AND user_id = ? AND client_oid = ?").get(env, userId, clientOid) !==
      undefined
    );
  }

  /** Run inside the transfer's commit. */
  record(env: string, userId: string, clientOid: string, transferId: string, at: number): void {
    this.db
      .prepare("INSERT INTO ex_transfer_oids (env, user_id, transfer_id, client_oid, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(env, userId, transferId, clientOid, at);
  }
}

/**
 * One transfer or withdrawal per clientOid: a second request with the same key is refused with Bitget's
 * duplicate code while the first is still in flight (the durable record comes with its commit)
 * and after it was recorded (`used`). A request without a clientOid (key undefined) just runs.
 */
export class ClientOidGate {
  private readonly pending = new Set<string>();

  async run<T>(key: string | undefined, used: () => boolean, transfer: () => Promise<T>): Promise<T> {
    if (key === undefined) return transfer();
    if (this.pending.has(key) || used()) throw new GatewayError(EX_CODES.duplicateClientOid, "Duplicate clientOid", 400);
    this.pending.add(key);
    try {
      return await transfer();
    } finally {
      this.pending.delete(key);
    }
  }
}
