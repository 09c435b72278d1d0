// CampaignStatus: where a campaign stands in its state table.
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { CAMPAIGN_STATUSES } from '../../core/domain/campaign-states.ts';

export const CampaignStatus = builder.enumType('CampaignStatus', { values: upperCaseValues(CAMPAIGN_STATUSES) });
