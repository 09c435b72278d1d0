// What a visitor who is not signed in sees at an address: an invitation's page, the password reset, else signing in.
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from '../router.ts';
import { SignInPage } from './sign-in-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { InvitationForm } from './invitation-form.tsx';
import { SignedOutFrame } from './signed-out-frame.tsx';

export function SignedOutPages() {
  const { path } = useLocation();
  const invitation = matchPath('/invitation/:token', path);
  if (invitation) return <InvitationPage token={invitation.token!} />;
  if (path === '/reset-password') return <ResetPasswordPage />;
  return <SignInPage />;
}

function InvitationPage({ token }: { token: string }) {
  const { t } = useTranslation('account');
  return (
    <SignedOutFrame title={t('invitation.title')}>
      <InvitationForm key={token} token={token} />
    </SignedOutFrame>
  );
}
