// The pages of API keys, webhooks, members, sender IDs, top-ups and the audit log.
import type { PageRoute } from '../routes.tsx';

export const adminRoutes: readonly PageRoute[] = [];
