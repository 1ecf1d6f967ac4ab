import { Field, type FieldProps } from "~/components/auth/field";

/** Why a typed amount cannot be sent, as an error key; undefined while it is empty or fine. */
export function decimalProblem(value: string): string | undefined {
  if (value === "") return undefined;
  if (!/^\d{1,20}(\.\d{1,20})?$/.test(value)) return "trade:errors.invalid";
  return Number(value) > 0 ? undefined : "trade:errors.positive";
}

/**
 * A price, size or amount typed in: spaces are dropped as typed, and text that is not a number
 * above zero shows why beside the field. The caller's own `error` (a rule of its dialog) wins.
 */
export function DecimalInput({
  onChange,
  error,
  ...field
}: Omit<FieldProps, "value" | "onChange" | "inputMode"> & { value: string; onChange: (v: string) => void }) {
  return (
    <Field inputMode="decimal" onChange={(e) => onChange(e.target.value.trim())} error={error ?? decimalProblem(field.value)} {...field} />
  );
}

/** A typed amount that can be sent: a plain decimal above zero. */
export const isPositiveDecimal = (value: string): boolean => value !== "" && decimalProblem(value) === undefined;
