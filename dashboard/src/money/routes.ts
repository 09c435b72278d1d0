// The pages of the wallet: its ledger, top-up requests and settings.
import type { PageRoute } from '../routes.tsx';
import { WalletLedgerPage } from './wallet-page.tsx';
import { TopUpsPage } from './top-ups-page.tsx';
import { WalletSettingsPage } from './wallet-settings-page.tsx';

export const moneyRoutes: readonly PageRoute[] = [
  { path: '/wallet', nav: 'Wallet', section: 'Wallet', permission: 'wallet.read', Page: WalletLedgerPage },
  { path: '/top-ups', nav: 'Top-ups', section: 'Wallet', permission: 'wallet.read', Page: TopUpsPage },
  { path: '/wallet-settings', nav: 'Wallet settings', section: 'Wallet', permission: 'wallet.manage', Page: WalletSettingsPage },
];
