// RecipientCounts: how many of a campaign's recipients stand in each status.
import { builder } from '../builder.ts';
import type { RecipientCounts as Counts } from '../../core/app/campaigns/recipients.ts';

export const RecipientCounts = builder.objectRef<Counts>('RecipientCounts').implement({
  description: 'How many recipients stand in each status (all 0 before the launch).',
  fields: (t) => ({
    pending: t.exposeInt('pending'),
    accepted: t.exposeInt('accepted'),
    submitted: t.exposeInt('submitted'),
    delivered: t.exposeInt('delivered'),
    undelivered: t.exposeInt('undelivered'),
    failed: t.exposeInt('failed'),
    unknown: t.exposeInt('unknown'),
    cancelled: t.exposeInt('cancelled'),
    expired: t.exposeInt('expired'),
    skippedOptedOut: t.exposeInt('skipped_opted_out'),
    skippedNoConsent: t.exposeInt('skipped_no_consent'),
  }),
});
