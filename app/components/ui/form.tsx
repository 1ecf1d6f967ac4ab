import type { ChangeEvent, ReactNode } from "react";

/** The hint and the error below a field, with the ids its input's aria-describedby points at. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

type SubmitProps = { busy: boolean; label: string; block?: boolean; disabled?: boolean };

/** A form's primary submit button, busy while its call runs. */
export function SubmitButton({ busy, label, block, disabled }: SubmitProps) {
  return (
    <button type="submit" className={block ? "button primary block" : "button primary"} disabled={busy || disabled} aria-busy={busy}>
      {label}
    </button>
  );
}

/** The end of a form: the error that belongs to no field (already in words), then the submit button. */
export function FormEnd({ error, ...submit }: SubmitProps & { error?: string }) {
  return (
    <>
      {error && (
        <p role="alert" className="notice error">
          {error}
        </p>
      )}
      <SubmitButton {...submit} />
    </>
  );
}

/** The name, value and onChange of a text input editing `key` of a form's state. */
export function bind<K extends string, T extends Record<K, string>>(state: T, set: (next: T) => void, key: K) {
  return {
    name: key,
    value: state[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ ...state, [key]: e.target.value }),
  };
}

/** A labelled `<select>` of plain values (pairs, coins), each option showing its value. */
export function ValueSelect({
  id,
  label,
  values,
  value,
  onChange,
  all,
  testId,
}: {
  id: string;
  label: string;
  values: readonly string[];
  value: string;
  onChange: (value: string) => void;
  /** The label of a first option, of the empty value, that chooses all of them. */
  all?: string;
  testId?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {all && <option value="">{all}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}
