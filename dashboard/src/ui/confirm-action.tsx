// An action that asks first (delete, revoke, remove): the button opens the question on the page, the focus waits
// on the safe choice so that a second Enter does nothing, and cancelling gives the focus back to the button.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert.tsx';

export interface ConfirmActionProps {
  /** The button's text ("Delete group"). */
  label: string;
  /** Its accessible name when the text alone is ambiguous in a list ("Revoke the key CRM"). */
  name?: string;
  /** What will happen, asked before it does. */
  question: string;
  /** More on what follows, under the question. */
  details?: ReactNode;
  confirmLabel: string;
  /** The safe choice's text (default: common's cancel). */
  cancelLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  /** The refusal of the last try, shown with the question. */
  error?: unknown;
}

export function ConfirmAction({ label, name, question, details, confirmLabel, cancelLabel, pending, onConfirm, error }: ConfirmActionProps) {
  const { t } = useTranslation('common');
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const returning = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (returning.current) {
      returning.current = false;
      opener.current?.focus();
    }
  }, [asking]);

  if (!asking) {
    return (
      <button ref={opener} type="button" className="button button-danger-outline" aria-label={name} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label={name ?? label}>
      <p className="confirm-question">{question}</p>
      {details}
      {error ? <ErrorAlert error={error} /> : null}
      <div className="confirm-actions">
        <button type="button" className="button button-danger" disabled={pending} onClick={onConfirm}>
          {pending ? t('working') : confirmLabel}
        </button>
        <button
          ref={cancel}
          type="button"
          className="button button-secondary"
          disabled={pending}
          onClick={() => {
            returning.current = true;
            setAsking(false);
          }}
        >
          {cancelLabel ?? t('cancel')}
        </button>
      </div>
    </div>
  );
}
