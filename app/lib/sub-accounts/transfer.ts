/** The transfer form's rules, the gateway's (docs/decisions/503): a positive amount with at most 8 decimals, covered by the balance. */
export const AMOUNT_DECIMALS = 8;
const AMOUNT = /^(0|[1-9]\d{0,17})(?:\.(\d{1,8}))?$/;

/** A decimal string as an integer of 10^-8 units, or undefined when it is not a plain amount. */
export function toUnits(amount: string): bigint | undefined {
  const m = AMOUNT.exec(amount.trim());
  if (!m) return undefined;
  return BigInt((m[1] ?? "0") + (m[2] ?? "").padEnd(AMOUNT_DECIMALS, "0"));
}

export interface TransferForm {
  from: string;
  to: string;
  coin: string;
  amount: string;
}

export interface TransferAccount {
  userId: string;
  frozen: boolean;
}

export type TransferErrors = Partial<Record<"to" | "amount" | "form", string>>;

/** Errors are i18n keys of the account namespace, by the field they belong beside. */
export function checkTransfer(f: TransferForm, accounts: readonly TransferAccount[], available: string): TransferErrors {
  const errors: TransferErrors = {};
  if (f.from === f.to) errors.to = "account:errors.sameAccount";
  const frozen = accounts.some((a) => (a.userId === f.from || a.userId === f.to) && a.frozen);
  if (frozen) errors.form = "account:errors.subFrozen";
  const units = toUnits(f.amount);
  if (units === undefined || units <= 0n) errors.amount = "account:errors.amount";
  else if (units > (toUnits(available) ?? 0n)) errors.amount = "account:errors.insufficient";
  return errors;
}
