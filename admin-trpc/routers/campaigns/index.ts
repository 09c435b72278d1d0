// campaigns: drafts, quote, launch, cancel, recipients, export link.
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

export const campaignsRouter = router({
  list: listCampaigns,
  get: getCampaign,
  create: createCampaign,
  edit: editCampaign,
  discard: discardCampaign,
  quote: quoteCampaign,
  launch: launchCampaign,
  cancel: cancelCampaign,
  recipients: listRecipients,
  exportLink,
});
