// CampaignStatus: where a campaign stands in its state table.
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { CAMPAIGN_STATUSES } from '../../core/domain/campaign-states.ts';

export const CampaignStatus = builder.enumType('CampaignStatus', {
  description: 'Where a campaign stands: a draft, launched (scheduled, sending), or over (cancelled, completed, discarded).',
  values: upperCaseValues(CAMPAIGN_STATUSES, {
    draft: 'Being written: nothing is priced, held or sent until it is quoted and launched. At most 100 drafts at a time.',
    scheduled: 'Launched with a later start: its quote’s total is held from the wallet; sending begins at launch.startsAt.',
    sending: 'Launched and feeding its recipients to the operators (a promotional one only inside the sending window).',
    cancelling: 'A member cancelled it: the shares of recipients not yet queued went back at once; its queued messages are being cancelled.',
    cancelled: 'Cancelled, and every queued message of it settled (final). Messages that had reached an operator were still charged.',
    completed: 'Every recipient was sent or skipped, or its validity ran out and the rest expired (final).',
    discarded: 'A draft thrown away before launch: kept for the record, never sent, not counted among the drafts (final).',
  }),
});
