/**
 * Bitget's `account/transferRecords` over what `wallet/transfer` records today (docs/decisions/330):
 * the spot leg's bill of each transfer (group `transfer`, refId = transferId). The other leg names
 * the account: a margin account key (`user#crossed`, `user#isolated#SYMBOL`) or, for every other
 * transfer of the caller's own accounts, the USDT-M futures bridge. Sub-account transfers have their
 * own records (docs/decisions/503) and are left out. `clientOid` is the one the transfer was made
 * with (`ex_transfer_oids`), and filters to that transfer.
 */
import { EX_CODES } from "../../protocol/bitget.ts";
import { RECORD_DEFAULT_WINDOW_MS, walletCoin } from "../../protocol/wallet.ts";
import { TRANSFER_ACCOUNT_TYPES } from "../../protocol/mix.ts";
import { GatewayError } from "../envelope.ts";
import { formatScaled } from "../exchange/decimal.ts";
import { canonical } from "../exchange/fields.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";
import { qInt, qString, type Query } from "../exchange/routes/query.ts";
import { parseAccountKey } from "../margin/accounts.ts";
import type { WalletStore } from "./store.ts";

const bad = (msg: string) => new GatewayError(EX_CODES.paramInvalid, msg, 400);

export function transferRecords(store: WalletStore, env: string, userId: string, q: Query) {
  const coinText = qString(q, "coin", false, 16);
  const coin = coinText === undefined ? null : (walletCoin(coinText)?.coin ?? null);
  if (coinText !== undefined && coin === null) throw new GatewayError(EX_CODES.paramNotExist, `Parameter ${coinText} does not exist`, 400);
  const fromText = qString(q, "fromType", false, 32);
  const fromType = fromText === undefined ? undefined : canonical(TRANSFER_ACCOUNT_TYPES, fromText);
  if (fromText !== undefined && !fromType) throw bad("Parameter fromType is invalid");
  const end = qInt(q, "endTime", { min: 0, max: 9e15 }) ?? Date.now();
  const start = qInt(q, "startTime", { min: 0, max: 9e15 }) ?? end - RECORD_DEFAULT_WINDOW_MS;
  if (start > end) throw bad("Parameter startTime must not be after endTime");
  const clientOid = qString(q, "clientOid", false, 64);
  const limit = qInt(q, "limit", { min: 1, max: 100, def: 100, clamp: true }) as number;
  const bills = store.transferBills({
    env,
    userId,
    coin,
    clientOid: clientOid ?? null,
    outward: fromType === undefined ? null : fromType === "spot",
    start,
    end,
    before: qInt(q, "idLessThan", { min: 0, max: 9e15 }) ?? Number.MAX_SAFE_INTEGER,
    limit,
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
      size: formatScaled(outward ? -b.size : b.size, LEDGER_SCALE).replace(/\.?0+$/, ""),
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
