/**
 * Bitget's `account/transferRecords` over what `wallet/transfer` records today (docs/decisions/330):
 * the spot leg's bill of each transfer (group `transfer`, refId = transferId). The other leg names
 * the account: a margin account key (`user#crossed`, `user#isolated#SYMBOL`) or, for every other
 * transfer of the caller's own accounts, the USDT-M futures bridge. Sub-account transfers have their
 * own records (docs/decisions/503) and are left out. `clientOid` is the one the transfer was made
 * with (`ex_transfer_oids`), and filters to that transfer.
 */
import { EX_CODES } from "../../protocol/bitget.ts";
import { TRANSFER_ACCOUNT_TYPES } from "../../protocol/mix.ts";
import { canonical } from "../exchange/fields.ts";
import { qString, type Query } from "../exchange/routes/query.ts";
import { parseAccountKey } from "../margin/accounts.ts";
import { bad, recordPage, sizeText } from "./query.ts";
import type { WalletStore } from "./store.ts";

export function transferRecords(store: WalletStore, env: string, userId: string, q: Query) {
  const fromText = qString(q, "fromType", false, 32);
  const fromType = fromText === undefined ? undefined : canonical(TRANSFER_ACCOUNT_TYPES, fromText);
  if (fromText !== undefined && !fromType) throw bad(EX_CODES.paramInvalid, "Parameter fromType is invalid");
  const clientOid = qString(q, "clientOid", false, 64);
  const bills = store.transferBills({
    env,
    userId,
    ...recordPage(q),
    clientOid: clientOid ?? null,
    outward: fromType === undefined ? null : fromType === "spot",
  });
  const refIds = bills.map((b) => b.refId);
  const margin = store.marginLegs(env, userId, refIds);
  const out = [];
  for (const b of bills) {
    const key = margin.get(b.refId);
    const ref = key === undefined ? undefined : parseAccountKey(key);
    const other = ref ? (ref.mode === "crossed" ? "crossed_margin" : "isolated_margin") : "usdt_futures";
    const symbol = ref?.symbol ?? "";
    const outward = b.size < 0n;
    const rec = {
      coin: b.coin,
      status: "Successful",
      toType: outward ? other : "spot",
      toSymbol: outward ? symbol : "",
      fromType: outward ? "spot" : other,
      fromSymbol: outward ? "" : symbol,
      size: sizeText(outward ? -b.size : b.size),
      ts: String(b.ts),
      clientOid: b.clientOid,
      transferId: b.refId,
      /** The cursor of `idLessThan` (the spot bill's id): transfer ids of different accounts do not sort together. */
      billId: String(b.seq),
    };
    if (!fromType || rec.fromType === fromType) out.push(rec);
  }
  return out;
}
