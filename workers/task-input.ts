// What the tasks take as input: periodic jobs take none (the crontab's own `_cron` stamp, or anything else, is
// ignored); a campaign's job names its campaign.
import { z } from 'zod';

export const ZNoInput = z.object({});

export const ZCampaignJob = z.object({
  organization_id: z.uuid(),
  campaign_id: z.uuid(),
  /** The pause its previous step took while the campaign waited. */
  waited_ms: z.number().int().nonnegative().optional(),
});
