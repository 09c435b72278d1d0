// The member's own account, and an invitation's page opened by someone already signed in on this browser.
import type { PageRoute } from '../routes.tsx';
import { AccountPage } from './account-page.tsx';
import { SignedInInvitationPage } from './signed-in-invitation-page.tsx';

export const accountRoutes: readonly PageRoute[] = [
  { path: '/account', nav: 'account', section: 'settings', permission: null, Page: AccountPage },
  { path: '/invitation/:token', permission: null, Page: SignedInInvitationPage },
];
