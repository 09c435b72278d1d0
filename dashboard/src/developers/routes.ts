// The pages of sender IDs and webhook endpoints.
import type { PageRoute } from '../routes.tsx';
import { SenderIdsPage } from './sender-ids-page.tsx';
import { WebhooksPage } from './webhooks-page.tsx';
import { WebhookEndpointPage } from './webhook-endpoint-page.tsx';

export const developerRoutes: readonly PageRoute[] = [
  { path: '/sender-ids', nav: 'senderIds', section: 'settings', permission: 'sender_ids.read', Page: SenderIdsPage },
  { path: '/webhooks', nav: 'webhooks', section: 'settings', permission: 'webhooks.read', Page: WebhooksPage },
  { path: '/webhooks/:id', permission: 'webhooks.read', Page: WebhookEndpointPage },
];
