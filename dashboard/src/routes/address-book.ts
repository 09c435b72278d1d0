// The pages of contacts, groups, opt-outs and imports.
import type { PageRoute } from '../routes.tsx';

export const addressBookRoutes: readonly PageRoute[] = [];
