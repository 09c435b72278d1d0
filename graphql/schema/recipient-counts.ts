// RecipientCounts: how many of a campaign's recipients stand in each status.
import { builder } from '../builder.ts';
import type { RecipientCounts as Counts } from '../../core/app/campaigns/recipients.ts';

const count = (status: string) => `Recipients now ${status} (see RecipientStatus).`;

export const RecipientCounts = builder.objectRef<Counts>('RecipientCounts').implement({
  description: 'How many of a campaign’s recipients stand in each status now; they add up to launch.recipients. All 0 before the launch.',
  fields: (t) => ({
    pending: t.exposeInt('pending', { description: 'Recipients not fed yet: their shares are still held.' }),
    accepted: t.exposeInt('accepted', { description: count('accepted (queued, not yet with an operator)') }),
    submitted: t.exposeInt('submitted', { description: count('submitted (an operator accepted their message; charged)') }),
    delivered: t.exposeInt('delivered', { description: count('delivered') }),
    undelivered: t.exposeInt('undelivered', { description: count('undelivered (carried, not delivered; charged)') }),
    failed: t.exposeInt('failed', { description: count('failed (share back in the wallet)') }),
    unknown: t.exposeInt('unknown', { description: count('unknown (the operator’s answer was lost; never resent)') }),
    cancelled: t.exposeInt('cancelled', { description: count('cancelled (the campaign was cancelled before they were sent)') }),
    expired: t.exposeInt('expired', { description: count('expired (the validity ran out before they were sent)') }),
    skippedOptedOut: t.exposeInt('skipped_opted_out', { description: 'Recipients skipped because their number opted out after the quote.' }),
    skippedNoConsent: t.exposeInt('skipped_no_consent', { description: 'Recipients skipped because their number lost its consent after the quote (promotional).' }),
  }),
});
