// CampaignRecipient: one number of a campaign's audience and what became of it.
import { builder } from '../builder.ts';
import type { listRecipients } from '../../core/app/campaigns/recipients.ts';

type RecipientView = Awaited<ReturnType<typeof listRecipients>>['recipients'][number];

export const CampaignRecipient = builder.objectRef<RecipientView>('CampaignRecipient').implement({
  description: 'One number of a launched campaign’s frozen audience, its share of the money and what became of it.',
  fields: (t) => ({
    n: t.exposeInt('n', { description: 'Its position in the audience, from 1: recipients are fed in this order.' }),
    to: t.exposeString('to', { description: 'Its number, masked (+255754****56) unless the caller is a member with contacts.read.' }),
    status: t.exposeString('status', { description: 'Its status in lower case: one of RecipientStatus’s values (pending until fed, then its message’s status).' }),
    messageId: t.exposeID('message_id', { nullable: true, description: 'The message made for it; null until it was fed, and for a skipped one.' }),
    failureReason: t.exposeString('failure_reason', { nullable: true, description: 'Why its message did not get through; null otherwise.' }),
    segments: t.exposeInt('segments', { description: 'SMS parts of the campaign’s text.' }),
    unitAmount: t.field({ type: 'Cents', description: 'The quoted price of one segment, in cents.', resolve: (r) => r.unit_amount }),
    amount: t.field({ type: 'Cents', description: 'Its share of the reservation, unitAmount × segments, in cents.', resolve: (r) => r.amount }),
    charge: t.exposeString('charge', {
      description: 'What became of its share: held (still set aside), captured (spent: an operator accepted its message) or released (back in the wallet).',
    }),
    queuedAt: t.field({ type: 'DateTime', nullable: true, description: 'When its message was queued (UTC); null until then.', resolve: (r) => r.queued_at }),
    updatedAt: t.field({ type: 'DateTime', nullable: true, description: 'Its last change (UTC).', resolve: (r) => r.updated_at }),
    finalAt: t.field({ type: 'DateTime', nullable: true, description: 'When it reached a final status (UTC); null while it has none.', resolve: (r) => r.final_at }),
  }),
});
