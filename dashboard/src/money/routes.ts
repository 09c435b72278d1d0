// The pages of the wallet: its ledger, top-up requests and settings.
import type { PageRoute } from '../routes.tsx';
import { WalletLedgerPage } from './wallet-page.tsx';
import { TopUpsPage } from './top-ups-page.tsx';
import { WalletSettingsPage } from './wallet-settings-page.tsx';

export const moneyRoutes: readonly PageRoute[] = [
  { path: '/wallet', nav: 'wallet', section: 'wallet', permission: 'wallet.read', Page: WalletLedgerPage },
  { path: '/top-ups', nav: 'topUps', section: 'wallet', permission: 'wallet.read', Page: TopUpsPage },
  { path: '/wallet-settings', nav: 'walletSettings', section: 'wallet', permission: 'wallet.manage', Page: WalletSettingsPage },
];
