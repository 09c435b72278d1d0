// The explorer's page in the dashboard's routes: any signed-in member (each field asks for what it needs).
import type { PageRoute } from '../routes.tsx';
import { ExplorerPage } from './explorer-page.tsx';

export const explorerRoute: PageRoute = { path: '/explorer', nav: 'explorer', permission: null, Page: ExplorerPage };
