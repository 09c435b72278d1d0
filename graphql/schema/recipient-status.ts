// RecipientStatus: a campaign recipient's status, its own before it was fed and its message's after.
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { RECIPIENT_STATUSES } from '../../core/inputs/campaigns.ts';

export const RecipientStatus = builder.enumType('RecipientStatus', {
  description:
    'Where a campaign recipient stands: its own status until it is fed (a message is made for it), then its message’s status. As a filter, SKIPPED means both skipped states.',
  values: upperCaseValues([...RECIPIENT_STATUSES, 'skipped'] as const, {
    pending: 'Not fed yet: its share of the campaign’s money is still held.',
    accepted: 'Its message is queued, not yet with an operator (see MessageStatus.ACCEPTED).',
    submitted: 'An operator accepted its message and its share was charged; no receipt yet. Not evidence of delivery.',
    delivered: 'Its message was delivered (charged).',
    undelivered: 'Its message was carried but not delivered (still charged).',
    failed: 'Its message failed: its share went back to the wallet.',
    unknown: 'Its message’s outcome is ambiguous; it is never resent (see MessageStatus.UNKNOWN).',
    cancelled: 'The campaign was cancelled before its message reached an operator: its share went back.',
    expired: 'The campaign’s validity ran out before it was sent: its share went back.',
    skipped_opted_out: 'Skipped when its turn came, because the number opted out after the quote: its share went back.',
    skipped_no_consent: 'Skipped when its turn came (promotional campaigns), because the number lost its consent after the quote: its share went back.',
    skipped: 'A filter only: SKIPPED_OPTED_OUT and SKIPPED_NO_CONSENT together.',
  }),
});
