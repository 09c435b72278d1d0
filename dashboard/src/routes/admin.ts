// The pages of API keys, webhooks, members, sender IDs, top-ups, wallet settings and the audit log.
import type { PageRoute } from '../routes.tsx';
import { ApiKeysPage } from '../pages/api-keys.tsx';
import { WebhooksPage } from '../pages/webhooks.tsx';
import { WebhookEndpointPage } from '../pages/webhook-endpoint.tsx';
import { MembersPage } from '../pages/members.tsx';
import { SenderIdsPage } from '../pages/sender-ids.tsx';
import { TopUpsPage } from '../pages/top-ups.tsx';
import { WalletSettingsPage } from '../pages/wallet-settings.tsx';
import { AuditLogPage } from '../pages/audit-log.tsx';

export const adminRoutes: readonly PageRoute[] = [
  { path: '/top-ups', nav: 'Top-ups', section: 'Wallet', permission: 'wallet.read', Page: TopUpsPage },
  { path: '/wallet-settings', nav: 'Wallet settings', section: 'Wallet', permission: 'wallet.manage', Page: WalletSettingsPage },
  { path: '/sender-ids', nav: 'Sender IDs', section: 'Settings', permission: 'sender_ids.read', Page: SenderIdsPage },
  { path: '/api-keys', nav: 'API keys', section: 'Settings', permission: 'api_keys.manage', Page: ApiKeysPage },
  { path: '/webhooks', nav: 'Webhooks', section: 'Settings', permission: 'webhooks.read', Page: WebhooksPage },
  { path: '/webhooks/:id', permission: 'webhooks.read', Page: WebhookEndpointPage },
  { path: '/members', nav: 'Members', section: 'Settings', permission: 'members.manage', Page: MembersPage },
  { path: '/audit-log', nav: 'Audit log', section: 'Settings', permission: 'audit.read', Page: AuditLogPage },
];
