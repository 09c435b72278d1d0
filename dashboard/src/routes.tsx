// The dashboard's pages: one line each (path, menu label, permission, component), each area's in <area>/routes.ts.
import type { ComponentType } from 'react';
import type { Permission } from './session.tsx';
import { matchPath } from './router.ts';
import { OverviewPage } from './shell/overview-page.tsx';
import { messageRoutes } from './messages/routes.ts';
import { inboxRoutes, keywordRoutes } from './inbox/routes.ts';
import { moneyRoutes } from './money/routes.ts';
import { addressBookRoutes } from './address-book/routes.ts';
import { campaignRoutes } from './campaigns/routes.ts';
import { developerRoutes } from './developers/routes.ts';
import { peopleRoutes } from './people/routes.ts';
import { explorerRoute } from './explorer/route.ts';
import { accountRoutes } from './account/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { statementRoutes } from './statement/routes.ts';
import type { en as shellWords } from './shell/locale.ts';

export interface PageProps {
  params: Record<string, string>;
  query: URLSearchParams;
}

/** The menu's parts, in their order (their words: shell's `sections`). */
export const NAV_SECTIONS = ['messages', 'addressBook', 'campaigns', 'wallet', 'settings'] as const satisfies readonly (keyof typeof shellWords.sections)[];
export type NavSection = (typeof NAV_SECTIONS)[number];
/** A page's label in the menu: a key of shell's `nav`, said in the language shown. */
export type NavLabel = keyof typeof shellWords.nav;

export interface PageRoute {
  path: string;
  /** Its label in the navigation; pages reached from another page (a detail) have none. */
  nav?: NavLabel;
  /** The part of the menu it is listed under (none: at the top). */
  section?: NavSection;
  /** What the member needs to see the page (null: any member). */
  permission: Permission | null;
  Page: ComponentType<PageProps>;
}

export const ROUTES: readonly PageRoute[] = [
  { path: '/', nav: 'overview', permission: null, Page: OverviewPage },
  ...messageRoutes,
  ...inboxRoutes,
  ...reportRoutes,
  ...addressBookRoutes,
  ...keywordRoutes,
  ...campaignRoutes,
  ...moneyRoutes,
  ...statementRoutes,
  ...developerRoutes,
  ...peopleRoutes,
  explorerRoute,
  ...accountRoutes,
];

export function resolveRoute(path: string): { route: PageRoute; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}
