// The printable monthly statement, reached from the wallet page's chooser (no menu entry of its own).
import type { PageRoute } from '../routes.tsx';
import { StatementPage } from './statement-page.tsx';

export const statementRoutes: readonly PageRoute[] = [{ path: '/wallet/statement/:month', permission: 'wallet.read', Page: StatementPage }];
