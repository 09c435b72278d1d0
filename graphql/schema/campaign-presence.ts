// CampaignPresence: a message filter's way to ask for single messages only.
import { builder } from '../builder.ts';

export const CampaignPresence = builder.enumType('CampaignPresence', {
  description: 'Whether a message belongs to a campaign, as a filter.',
  values: { NONE: { value: 'none', description: 'Single messages only: those sent one by one, outside any campaign.' } },
});
