// The pages of campaigns: the list, the editor (new and saved drafts), and one campaign (draft, quote, launch, progress).
import type { PageRoute } from '../routes.tsx';
import { CampaignsPage } from './campaigns-page.tsx';
import { CampaignEditPage, CampaignNewPage } from './campaign-editor-page.tsx';
import { CampaignPage } from './campaign-page.tsx';

export const campaignRoutes: readonly PageRoute[] = [
  { path: '/campaigns', nav: 'campaigns', section: 'campaigns', permission: 'campaigns.read', Page: CampaignsPage },
  // Before "/campaigns/:id", which would take "new" for an id.
  { path: '/campaigns/new', permission: 'campaigns.write', Page: CampaignNewPage },
  { path: '/campaigns/:id', permission: 'campaigns.read', Page: CampaignPage },
  { path: '/campaigns/:id/edit', permission: 'campaigns.write', Page: CampaignEditPage },
];
