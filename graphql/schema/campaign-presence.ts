// CampaignPresence: a message filter's way to ask for single messages only.
import { builder } from '../builder.ts';

export const CampaignPresence = builder.enumType('CampaignPresence', {
  description: 'NONE: single messages only, outside any campaign.',
  values: { NONE: { value: 'none' } },
});
