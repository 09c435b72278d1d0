// A list of choices as labelled checkboxes in a fieldset (scopes, event types, traffic classes), its refusal under it.
import { useId, type ReactNode } from 'react';

export interface CheckboxesProps<T extends string> {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  /** The text of an option (the code itself by default). */
  text?: (option: T) => ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
}

export function Checkboxes<T extends string>({ legend, options, value, onChange, text = (o) => o, hint, error, disabled }: CheckboxesProps<T>) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  // The chosen values keep the options' order, whatever the order of the clicks.
  const toggle = (option: T, on: boolean) => onChange(options.filter((o) => (o === option ? on : value.includes(o))));
  return (
    <fieldset className={error ? 'field admin-checkboxes field-invalid' : 'field admin-checkboxes'} aria-describedby={describedBy} disabled={disabled}>
      <legend>{legend}</legend>
      <div className="admin-choices">
        {options.map((option) => (
          <label key={option} className="choice">
            <input type="checkbox" value={option} checked={value.includes(option)} onChange={(e) => toggle(option, e.target.checked)} />
            <span>{text(option)}</span>
          </label>
        ))}
      </div>
      {hint && (
        <div id={`${id}-hint`} className="hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
