// A secret shown once (an API key, a webhook signing secret): a copy button, the text itself in a read-only box to
// select by hand when the browser refuses to copy, and a plain warning that it will not be shown again.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SecretOnceProps {
  title: string;
  /** The label of the box holding the secret. */
  label: string;
  /** Null when the answer repeated an earlier call (same idempotency key): the secret went out with the first. */
  secret: string | null;
  children?: ReactNode;
  onDone: () => void;
}

type Copy = 'idle' | 'copied' | 'failed';

export function SecretOnce({ title, label, secret, children, onDone }: SecretOnceProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<Copy>('idle');
  // The panel appears after a form's submit: the keyboard and screen readers are taken to it.
  useEffect(() => heading.current?.focus(), []);

  const copySecret = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <section className="card admin-secret" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="admin-secret-title">
        {title}
      </h2>
      {children}
      {secret ? (
        <>
          <p className="admin-secret-warning">
            <strong>{t('secret.copyNow')}</strong> {t('secret.onlyFingerprint')}
          </p>
          <div className="field">
            <label htmlFor={`${id}-value`}>{label}</label>
            <div className="admin-secret-row">
              <input id={`${id}-value`} className="admin-secret-value" readOnly value={secret} spellCheck={false} autoComplete="off" onFocus={(e) => e.currentTarget.select()} />
              <button type="button" className="button" onClick={() => void copySecret()}>
                {t('secret.copy')}
              </button>
            </div>
          </div>
          <p className="admin-copy-state" role="status">
            {copy === 'copied' ? t('secret.copied') : copy === 'failed' ? t('secret.notCopied') : ''}
          </p>
        </>
      ) : (
        <p className="note note-danger">
          {t('secret.repeated')}
        </p>
      )}
      <button type="button" className="button button-secondary" onClick={onDone}>
        {secret ? t('secret.saved') : t('secret.close')}
      </button>
    </section>
  );
}
