// The pages of messages: sending one, the list and one message with its delivery.
import type { PageRoute } from '../routes.tsx';
import { SendMessagePage } from './send-message-page.tsx';
import { MessagesPage } from './messages-page.tsx';
import { MessageDetailPage } from './message-page.tsx';

export const messageRoutes: readonly PageRoute[] = [
  { path: '/send', nav: 'send', section: 'messages', permission: 'messages.send', Page: SendMessagePage },
  { path: '/messages', nav: 'messages', section: 'messages', permission: 'messages.read', Page: MessagesPage },
  { path: '/messages/:id', permission: 'messages.read', Page: MessageDetailPage },
];
