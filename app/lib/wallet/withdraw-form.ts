/**
 * The withdraw form's arithmetic and checks, without React (docs/decisions/710): the fee is taken
 * on top of the amount (as on Bitget), so the most one can send is the balance less the fee, and the
 * address receives exactly the amount typed.
 */
import type { WalletChain } from "../../../protocol/wallet";
import { add, compare, parseDecimal, roundTo, toText, type Decimal } from "~/lib/numbers/decimal";

export type WithdrawProblem = "amount" | "scale" | "minimum" | "balance" | "address" | "tag";

export interface WithdrawSummary {
  /** What leaves the balance: amount and fee. */
  total: string;
  /** What the address receives. */
  receive: string;
  /** The largest amount the balance allows (0 when it does not cover the fee). */
  max: string;
  problems: WithdrawProblem[];
}

const neg = (d: Decimal): Decimal => ({ int: -d.int, scale: d.scale });
const ZERO: Decimal = { int: 0n, scale: 0 };

export function withdrawSummary(
  chain: WalletChain,
  f: { amount: string; available: string; address: string; tag: string; addressOk: (a: string) => boolean },
): WithdrawSummary {
  const fee = parseDecimal(chain.withdrawFee) ?? ZERO;
  const available = parseDecimal(f.available) ?? ZERO;
  const maxRaw = add(available, neg(fee));
  const max = compare(maxRaw, ZERO) > 0 ? roundTo(maxRaw, chain.withdrawScale, "down") : ZERO;
  const amount = parseDecimal(f.amount);
  const problems: WithdrawProblem[] = [];
  if (!amount || compare(amount, ZERO) <= 0) problems.push("amount");
  else {
    if (amount.scale > chain.withdrawScale && compare(roundTo(amount, chain.withdrawScale, "down"), amount) !== 0) problems.push("scale");
    if (compare(amount, parseDecimal(chain.minWithdraw) ?? ZERO) < 0) problems.push("minimum");
    if (compare(add(amount, fee), available) > 0) problems.push("balance");
  }
  if (!f.addressOk(f.address)) problems.push("address");
  if (chain.needTag ? f.tag !== "" && !/^\d{1,10}$/.test(f.tag) : f.tag !== "") problems.push("tag");
  return {
    total: amount && compare(amount, ZERO) > 0 ? toText(add(amount, fee)) : "",
    receive: amount && compare(amount, ZERO) > 0 ? toText(amount) : "",
    max: toText(max),
    problems,
  };
}
