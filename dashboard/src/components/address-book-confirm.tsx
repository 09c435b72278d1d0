// A destructive action behind a confirmation on the page itself: the first press asks, the second acts.
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from './error-alert.tsx';

export interface ConfirmActionProps {
  /** The button's label ("Delete group"). */
  label: string;
  /** What will happen, asked before it does. */
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
}

export function ConfirmAction({ label, question, confirmLabel, onConfirm, pending, error }: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  // The question takes the focus on the safe choice, so that a second Enter does not delete.
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button type="button" className="button ab-button-danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div className="ab-confirm" role="group" aria-label={label}>
      <p className="ab-confirm-question">{question}</p>
      {error ? <ErrorAlert error={error} /> : null}
      <div className="ab-actions">
        <button type="button" className="button ab-button-danger" onClick={onConfirm} disabled={pending}>
          {pending ? 'Working…' : confirmLabel}
        </button>
        <button type="button" ref={cancel} className="button button-secondary" onClick={() => setAsking(false)} disabled={pending}>
          Cancel
        </button>
      </div>
    </div>
  );
}
