// A button that copies a short value (a number to pay to, a reference) and says, for screen readers too, whether
// the browser allowed it; the value stays on the page to read or select when it did not.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Copy = 'idle' | 'copied' | 'failed';

/** `label` names what is copied ("Copy the account number"), since several copy buttons may sit side by side. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('common');
  const [copy, setCopy] = useState<Copy>('idle');
  const copyValue = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <>
      <button type="button" className="button button-secondary" aria-label={label} onClick={() => void copyValue()}>
        {t('secret.copy')}
      </button>
      <span className="admin-copy-state" role="status">
        {copy === 'copied' ? t('secret.copied') : copy === 'failed' ? t('secret.notCopied') : ''}
      </span>
    </>
  );
}
