// The pages of API keys, members and the audit log of what they did.
import type { PageRoute } from '../routes.tsx';
import { ApiKeysPage } from './api-keys-page.tsx';
import { MembersPage } from './members-page.tsx';
import { AuditLogPage } from './audit-log-page.tsx';

export const peopleRoutes: readonly PageRoute[] = [
  { path: '/api-keys', nav: 'apiKeys', section: 'settings', permission: 'api_keys.manage', Page: ApiKeysPage },
  { path: '/members', nav: 'members', section: 'settings', permission: 'members.manage', Page: MembersPage },
  { path: '/audit-log', nav: 'auditLog', section: 'settings', permission: 'audit.read', Page: AuditLogPage },
];
