// What shows while a call is under way (announced politely, role="status").
import { useTranslation } from 'react-i18next';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <p className="loading" role="status">
      {label ?? t('loading')}…
    </p>
  );
}
