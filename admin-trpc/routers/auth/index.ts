// auth: sign in, sign out, who am I; change a password, reset it by a one-time code, accept an invitation; choose the dashboard's language and one's SMS alerts.
import { router } from '../../trpc.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { me } from './me.ts';
import { changePassword } from './change-password.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resetPassword } from './reset-password.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { setLanguage } from './set-language.ts';
import { setSmsAlerts } from './set-sms-alerts.ts';

export const authRouter = router({ signIn, signOut, me, changePassword, requestPasswordReset, resetPassword, acceptInvitation, setLanguage, setSmsAlerts });
