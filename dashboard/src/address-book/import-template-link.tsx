// The CSV template to fill in before an import: phone, name, consent and the organization's contact fields.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../trpc.ts';

export function TemplateLink() {
  const { t } = useTranslation('addressBook');
  const link = useQuery(trpc.imports.templateLink.queryOptions());
  if (!link.data) return null;
  return (
    <p>
      <a className="button button-secondary" href={link.data.url} download>
        {t('template.download')}
      </a>{' '}
      <span className="hint">{t('template.hint')}</span>
    </p>
  );
}
