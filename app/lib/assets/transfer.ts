/**
 * The transfer dialog's rules (docs/decisions/711), pure: which accounts may send to which, which
 * coins each holds, and the one gateway call a valid choice makes. Every own account moves through
 * Bitget's `wallet/transfer` with the spot account on one side; a sub-account moves spot to spot
 * through `subaccount-transfer`.
 */
import { V2 } from "../../../protocol/bitget";
import { BORROWABLE_COINS } from "../../../protocol/margin";
import { MIX_PRIVATE } from "../../../protocol/mix";
import { checkAmount } from "~/lib/margin/maths";
import type { Decimal } from "~/lib/numbers/decimal";
import type { FieldError } from "~/lib/trade/order-form";

/** The trader's own accounts, spelled as `wallet/transfer` spells them. */
export const OWN_ACCOUNTS = ["spot", "usdt_futures", "crossed_margin", "isolated_margin"] as const;
export type OwnAccount = (typeof OWN_ACCOUNTS)[number];
/** An own account, or `sub:<userId>` for a sub-account of the main account. */
export type TransferAccount = OwnAccount | `sub:${string}`;

/** The pairs with an isolated margin account. */
export const ISOLATED_PAIRS: readonly string[] = BORROWABLE_COINS.filter((c) => c !== "USDT").map((c) => `${c}USDT`);
/** Coins move in steps of 10⁻⁸ (the gateway's ledger scale). */
export const TRANSFER_DIGITS = 8;
const QUOTE = "USDT";

export const isSub = (a: string): a is `sub:${string}` => a.startsWith("sub:");
export const subUserId = (a: `sub:${string}`): string => a.slice(4);

export interface TransferChoice {
  from: TransferAccount;
  to: TransferAccount;
  /** The isolated account's pair, when either side is one. */
  symbol: string;
  coin: string;
  amount: string;
}

/** The coins an account can hold: USDT only in futures, the pair's two in an isolated account, every listed coin elsewhere. */
export function coinsOf(account: TransferAccount, symbol: string, listed: readonly string[]): string[] {
  if (account === "usdt_futures") return [QUOTE];
  if (account === "isolated_margin") return [symbol.slice(0, -QUOTE.length), QUOTE];
  return [QUOTE, ...listed.filter((c) => c !== QUOTE)];
}

/** The coins both sides can hold. */
export function transferCoins(c: Pick<TransferChoice, "from" | "to" | "symbol">, listed: readonly string[]): string[] {
  const to = new Set(coinsOf(c.to, c.symbol, listed));
  return coinsOf(c.from, c.symbol, listed).filter((coin) => to.has(coin));
}

/** The same choice the other way round. */
export const swapped = (c: TransferChoice): TransferChoice => ({ ...c, from: c.to, to: c.from });

export type TransferField = "to" | "coin" | "amount";
/** An error at one field: `ns` says whose texts name it (the dialog's own, or the order form's for amounts). */
export interface TransferProblem {
  field: TransferField;
  error: FieldError;
  ns: "assets" | "trade";
}

export interface TransferCall {
  path: string;
  body: Record<string, string>;
}

/** The call a choice makes, or the first field that is wrong. `max` is what the source lets go (unknown: unchecked here). */
export function checkTransfer(
  c: TransferChoice,
  max: Decimal | undefined,
  listed: readonly string[],
  ids: { clientOid: string; ownUserId: string },
): { ok: true; call: TransferCall } | { ok: false; problem: TransferProblem } {
  const fail = (field: TransferField, error: FieldError, ns: "assets" | "trade" = "assets") => ({
    ok: false as const,
    problem: { field, error, ns },
  });
  if (c.from === c.to) return fail("to", { key: "transfer.sameAccount" });
  if (c.from !== "spot" && c.to !== "spot") return fail("to", { key: "transfer.viaSpot" });
  if (!transferCoins(c, listed).includes(c.coin)) return fail("coin", { key: "transfer.coinNotHeld", values: { coin: c.coin } });
  const amount = checkAmount(c.amount, max, TRANSFER_DIGITS);
  if (!amount.ok) return fail("amount", amount.error, "trade");
  const isolated: Record<string, string> = c.from === "isolated_margin" || c.to === "isolated_margin" ? { symbol: c.symbol } : {};
  if (isSub(c.from) || isSub(c.to)) {
    const [fromUserId, toUserId] = [c.from, c.to].map((a) => (isSub(a) ? subUserId(a) : ids.ownUserId)) as [string, string];
    return {
      ok: true,
      call: {
        path: V2.subaccountTransfer,
        body: { fromType: "spot", toType: "spot", coin: c.coin, amount: amount.amount, clientOid: ids.clientOid, fromUserId, toUserId },
      },
    };
  }
  return {
    ok: true,
    call: {
      path: MIX_PRIVATE.walletTransfer,
      body: { fromType: c.from, toType: c.to, coin: c.coin, amount: amount.amount, clientOid: ids.clientOid, ...isolated },
    },
  };
}

/** Bitget's codes for "more than the account can send" (spot, margin, futures): the amount's fault. */
const TOO_MUCH = new Set(["43012", "50023", "40711"]);

/** Where a refusal of the gateway belongs: an amount over what may leave at the amount, anything else at the amount with its reason. */
export function refusalOf(code: string, msg: string): TransferProblem {
  if (TOO_MUCH.has(code)) return { field: "amount", error: { key: "transfer.tooMuch" }, ns: "assets" };
  return { field: "amount", error: { key: "transfer.failed", values: { msg } }, ns: "assets" };
}
