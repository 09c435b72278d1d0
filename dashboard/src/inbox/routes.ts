// The pages of the inbox: the conversations, one conversation, and the keywords.
import type { PageRoute } from '../routes.tsx';
import { InboxPage } from './inbox-page.tsx';
import { ConversationPage } from './conversation-page.tsx';
import { KeywordsPage } from './keywords-page.tsx';

export const inboxRoutes: readonly PageRoute[] = [
  { path: '/inbox', nav: 'inbox', section: 'messages', permission: 'messages.read', Page: InboxPage },
  { path: '/inbox/:phone', permission: 'messages.read', Page: ConversationPage },
];

/** Listed with the opt-outs they record. */
export const keywordRoutes: readonly PageRoute[] = [{ path: '/keywords', nav: 'keywords', section: 'addressBook', permission: 'contacts.read', Page: KeywordsPage }];
