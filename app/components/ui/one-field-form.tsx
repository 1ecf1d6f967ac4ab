import { useState, type ReactNode } from "react";
import { Field } from "~/components/auth/field";
import { SubmitButton } from "~/components/ui/form";
import { errorKey } from "~/lib/auth/forms";
import { showToast } from "~/lib/toast";
import { useSubmit } from "~/lib/use-submit";

/**
 * A card with one text field and its button: the value is checked in the browser (`problem` names
 * what is wrong as a translation key), sent, then the field clears and `send`'s answer is toasted.
 */
export function OneFieldForm({
  id,
  title,
  heading: H = "h2",
  intro,
  field,
  submitLabel,
  problem,
  send,
  failedKey = errorKey,
}: {
  id: string;
  title: string;
  heading?: "h1" | "h2";
  intro?: ReactNode;
  field: { label: string; name: string; maxLength: number; hint: string; required?: boolean };
  submitLabel: string;
  problem: (value: string) => string | undefined;
  /** Sends the value (trimmed); resolves to the toast's text. */
  send: (value: string) => Promise<string>;
  failedKey?: (err: unknown) => string;
}) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { busy, onSubmit } = useSubmit({
    check: () => {
      const found = problem(value.trim());
      setError(found);
      return found === undefined;
    },
    send: async () => {
      const done = await send(value.trim());
      setValue("");
      showToast(done);
    },
    failed: (err) => setError(failedKey(err)),
  });
  return (
    <section className="card" aria-labelledby={id}>
      <H id={id}>{title}</H>
      {intro}
      <form onSubmit={onSubmit} noValidate className="inline-form">
        <Field {...field} value={value} autoComplete="off" onChange={(e) => setValue(e.target.value)} error={error} />
        <SubmitButton busy={busy} label={submitLabel} />
      </form>
    </section>
  );
}
