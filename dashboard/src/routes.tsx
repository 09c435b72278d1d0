// The dashboard's pages: one line each (path, menu label, permission, component), the areas' pages in routes/<area>.ts.
import type { ComponentType } from 'react';
import type { Permission } from './session.tsx';
import { matchPath } from './router.ts';
import { OverviewPage } from './pages/overview.tsx';
import { SendMessagePage } from './pages/send-message.tsx';
import { MessagesPage } from './pages/messages.tsx';
import { MessageDetailPage } from './pages/message-detail.tsx';
import { WalletLedgerPage } from './pages/wallet-ledger.tsx';
import { addressBookRoutes } from './routes/address-book.ts';
import { campaignRoutes } from './routes/campaigns.ts';
import { adminRoutes } from './routes/admin.ts';
import { explorerRoute } from './explorer/route.ts';

export interface PageProps {
  params: Record<string, string>;
  query: URLSearchParams;
}

/** The menu's parts, in their order. */
export const NAV_SECTIONS = ['Messages', 'Address book', 'Campaigns', 'Wallet', 'Settings'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

export interface PageRoute {
  path: string;
  /** Its label in the navigation; pages reached from another page (a detail) have none. */
  nav?: string;
  /** The part of the menu it is listed under (none: at the top). */
  section?: NavSection;
  /** What the member needs to see the page (null: any member). */
  permission: Permission | null;
  Page: ComponentType<PageProps>;
}

export const ROUTES: readonly PageRoute[] = [
  { path: '/', nav: 'Overview', permission: null, Page: OverviewPage },
  { path: '/send', nav: 'Send a message', section: 'Messages', permission: 'messages.send', Page: SendMessagePage },
  { path: '/messages', nav: 'Messages', section: 'Messages', permission: 'messages.read', Page: MessagesPage },
  { path: '/messages/:id', permission: 'messages.read', Page: MessageDetailPage },
  { path: '/wallet', nav: 'Wallet', section: 'Wallet', permission: 'wallet.read', Page: WalletLedgerPage },
  ...addressBookRoutes,
  ...campaignRoutes,
  ...adminRoutes,
  explorerRoute,
];

export function resolveRoute(path: string): { route: PageRoute; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}
