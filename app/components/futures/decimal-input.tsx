import { Field, type FieldProps } from "~/components/auth/field";

/** A price, size or amount typed into a futures dialog: spaces are dropped as typed; the caller marks it wrong. */
export function DecimalInput({
  onChange,
  ...field
}: Omit<FieldProps, "value" | "onChange" | "inputMode"> & { value: string; onChange: (v: string) => void }) {
  return <Field inputMode="decimal" onChange={(e) => onChange(e.target.value.trim())} {...field} />;
}
