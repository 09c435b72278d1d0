// The pages of campaigns.
import type { PageRoute } from '../routes.tsx';

export const campaignRoutes: readonly PageRoute[] = [];
