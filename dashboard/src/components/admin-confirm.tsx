// An action that asks first (revoke, delete, remove): the button opens a question with the confirming button,
// which takes the focus, and a way back.
import { useEffect, useRef, useState } from 'react';

export interface ConfirmActionProps {
  /** The button's text ("Revoke"). */
  label: string;
  /** Its accessible name when the text alone is ambiguous in a list ("Revoke the key CRM"). */
  name?: string;
  question: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

export function ConfirmAction({ label, name, question, confirmLabel, pending, onConfirm }: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // Cancelling gives the focus back to the button that asked.
  const returning = useRef(false);
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (returning.current) {
      returning.current = false;
      opener.current?.focus();
    }
  }, [asking]);

  if (!asking) {
    return (
      <button ref={opener} type="button" className="button button-secondary admin-danger" aria-label={name} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div className="admin-confirm" role="group" aria-label={question}>
      <p className="admin-confirm-question">{question}</p>
      <div className="admin-actions">
        <button ref={confirm} type="button" className="button admin-danger-solid" disabled={pending} onClick={onConfirm}>
          {pending ? 'Working…' : confirmLabel}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            returning.current = true;
            setAsking(false);
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
