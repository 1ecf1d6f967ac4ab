import { useId, type ReactNode } from "react";

/**
 * One value picked by radio buttons, as a group named by a legend only screen readers read (the
 * dialog or panel around it already shows the same title).
 */
export function RadioChoices<T extends string | boolean>({
  legend,
  values,
  value,
  onChange,
  label,
  testId,
}: {
  legend: string;
  values: readonly T[];
  value: T;
  onChange: (v: T) => void;
  label: (v: T) => ReactNode;
  testId?: (v: T) => string;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="visually-hidden">{legend}</legend>
      {values.map((v) => (
        <label key={String(v)} className="choice">
          <input type="radio" name={name} checked={value === v} onChange={() => onChange(v)} data-testid={testId?.(v)} /> {label(v)}
        </label>
      ))}
    </fieldset>
  );
}
