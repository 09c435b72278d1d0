// The reports page in the dashboard's routes: members who may read messages (money only for those who may read the wallet).
import type { PageRoute } from '../routes.tsx';
import { ReportsPage } from './reports-page.tsx';

export const reportRoutes: readonly PageRoute[] = [{ path: '/reports', nav: 'reports', section: 'messages', permission: 'messages.read', Page: ReportsPage }];
