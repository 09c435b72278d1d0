// An address that names no page, or a page the member's role does not open.
import { useTranslation } from 'react-i18next';
import { href } from '../router.ts';
import { Page } from './page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <p>
        <a href={href('/')}>{t('notFound.home')}</a>
      </p>
    </Page>
  );
}
