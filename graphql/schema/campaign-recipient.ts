// CampaignRecipient: one number of a campaign's audience and what became of it.
import { builder } from '../builder.ts';
import type { listRecipients } from '../../core/app/campaigns/recipients.ts';

type RecipientView = Awaited<ReturnType<typeof listRecipients>>['recipients'][number];

export const CampaignRecipient = builder.objectRef<RecipientView>('CampaignRecipient').implement({
  fields: (t) => ({
    n: t.exposeInt('n'),
    to: t.exposeString('to', { description: 'Masked unless the caller may read contacts.' }),
    status: t.exposeString('status'),
    messageId: t.exposeID('message_id', { nullable: true }),
    failureReason: t.exposeString('failure_reason', { nullable: true }),
    segments: t.exposeInt('segments'),
    unitAmount: t.field({ type: 'Cents', resolve: (r) => r.unit_amount }),
    amount: t.field({ type: 'Cents', resolve: (r) => r.amount }),
    charge: t.exposeString('charge'),
    queuedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.queued_at }),
    updatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.updated_at }),
    finalAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.final_at }),
  }),
});
