// campaigns: drafts, quote, launch, cancel, progress, recipients, export link, copy.
import { router } from '../../trpc.ts';
import { listCampaigns } from './list-campaigns.ts';
import { getCampaign } from './get-campaign.ts';
import { createCampaign } from './create-campaign.ts';
import { editCampaign } from './edit-campaign.ts';
import { discardCampaign } from './discard-campaign.ts';
import { quoteCampaign } from './quote-campaign.ts';
import { launchCampaign } from './launch-campaign.ts';
import { cancelCampaign } from './cancel-campaign.ts';
import { listRecipients } from './list-recipients.ts';
import { exportLink } from './export-link.ts';
import { campaignProgress } from './campaign-progress.ts';
import { previewBody } from './preview-body.ts';
import { copyCampaign } from './copy-campaign.ts';

export const campaignsRouter = router({
  list: listCampaigns,
  get: getCampaign,
  create: createCampaign,
  edit: editCampaign,
  preview: previewBody,
  discard: discardCampaign,
  quote: quoteCampaign,
  launch: launchCampaign,
  cancel: cancelCampaign,
  recipients: listRecipients,
  progress: campaignProgress,
  exportLink,
  copy: copyCampaign,
});
