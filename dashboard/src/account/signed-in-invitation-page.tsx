// An invitation's link opened where a member is signed in already: the same form, which signs the invitee in instead.
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes.tsx';
import { Page } from '../shell/page.tsx';
import { InvitationForm } from './invitation-form.tsx';

export function SignedInInvitationPage({ params }: PageProps) {
  const { t } = useTranslation('account');
  return (
    <Page title={t('invitation.title')}>
      <section className="card">
        <InvitationForm token={params.token!} signedIn />
      </section>
    </Page>
  );
}
