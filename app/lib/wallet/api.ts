/**
 * The wallet as the deposit, withdraw and records pages use it (docs/decisions/710): the gateway's
 * paths and the rows they answer. Coins and networks are the shared constants of protocol/wallet.
 */
import { V2 } from "../../../protocol/bitget";
import { WALLET_COINS, WALLET_PATHS, walletCoin, type WalletChain, type WalletCoin } from "../../../protocol/wallet";
import { browserHttp } from "~/lib/http/browser-client";

export { WALLET_COINS, WALLET_PATHS, walletCoin, type WalletChain, type WalletCoin };

export interface DepositRecord {
  orderId: string;
  tradeId: string;
  coin: string;
  size: string;
  status: "pending" | "success" | "fail";
  toAddress: string;
  tag: string;
  chain: string;
  fromAddress: string;
  confirm: string;
  needConfirm: string;
  cTime: string;
}

export interface WithdrawalRecord extends Omit<DepositRecord, "status"> {
  fee: string;
  clientOid: string;
  status: "pending" | "success" | "fail" | "cancel";
  state: "pending" | "processing" | "success" | "failed" | "cancelled";
}

export interface TransferRecord {
  coin: string;
  fromType: string;
  toType: string;
  fromSymbol: string;
  toSymbol: string;
  size: string;
  ts: string;
  transferId: string;
  billId: string;
}

export interface AddressEntry {
  id: number;
  label: string;
  coin: string;
  chain: string;
  address: string;
  tag: string;
}

export interface DepositAddress {
  address: string;
  chain: string;
  coin: string;
  tag: string;
}

/** A page of records: the cursor of the next (older) page is the last row's id. */
export const RECORDS_PAGE = 20;

export type RecordQuery = { coin?: string; startTime?: string; endTime?: string; idLessThan?: string };
const query = (q: RecordQuery) =>
  Object.fromEntries(Object.entries({ ...q, limit: String(RECORDS_PAGE) }).filter(([, v]) => v !== undefined && v !== "")) as Record<
    string,
    string
  >;

export const wallet = {
  address: (coin: string, chain: string) => browserHttp().get<DepositAddress>(WALLET_PATHS.depositAddress, { coin, chain }),
  deposits: (q: RecordQuery) => browserHttp().get<DepositRecord[]>(WALLET_PATHS.depositRecords, query(q)),
  withdrawals: (q: RecordQuery) => browserHttp().get<WithdrawalRecord[]>(WALLET_PATHS.withdrawalRecords, query(q)),
  transfers: (q: RecordQuery) => browserHttp().get<TransferRecord[]>(WALLET_PATHS.transferRecords, query(q)),
  addressBook: () =>
    browserHttp()
      .post<{ list: AddressEntry[] }>(WALLET_PATHS.addressBook, {})
      .then((r) => r.list),
  /** The withdraw form's second factors: the authenticator, the fund password once set, and a reset's hold (docs/decisions/350). */
  withdrawInfo: () =>
    browserHttp().post<{ googleBound: boolean; fundSet: boolean; withdrawHoldUntil: number }>(WALLET_PATHS.withdrawInfo, {}),
  available: (coin: string) =>
    browserHttp()
      .get<Array<{ available: string }>>(V2.assets, { coin })
      .then((r) => r[0]?.available ?? "0"),
};

/** The networks of a coin, or of the first coin when the address names none that is listed. */
export function coinOrFirst(coin: string | null): WalletCoin {
  return (coin && walletCoin(coin)) || (WALLET_COINS[0] as WalletCoin);
}
