// CampaignLaunch: when a campaign was launched, started and finished, how far it was fed and the money held.
import { builder } from '../builder.ts';
import type { CampaignView } from './campaign.ts';

type LaunchView = NonNullable<CampaignView['launch']>;

export const CampaignLaunch = builder.objectRef<LaunchView>('CampaignLaunch').implement({
  description: 'How a campaign was launched and how far its sending got. All times UTC.',
  fields: (t) => ({
    quoteId: t.exposeString('quote_id', { nullable: true, description: 'The quote it was launched with: its audience and price.' }),
    launchedAt: t.field({ type: 'DateTime', nullable: true, description: 'When a member launched it.', resolve: (l) => l.launched_at }),
    startsAt: t.field({ type: 'DateTime', nullable: true, description: 'When sending was due to begin: the launch itself, or the time it was scheduled for.', resolve: (l) => l.starts_at }),
    startedAt: t.field({ type: 'DateTime', nullable: true, description: 'When sending began; null while it is scheduled.', resolve: (l) => l.started_at }),
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Its validity’s end (1 to 72 hours after the start, 24 by default): what is unsent then expires and its share goes back to the wallet.',
      resolve: (l) => l.expires_at,
    }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it completed or its cancel finished; null while it runs.', resolve: (l) => l.finished_at }),
    recipients: t.exposeInt('recipients', { nullable: true, description: 'The size of its frozen audience: the quote’s eligible numbers.' }),
    fed: t.exposeInt('fed', {
      description: 'How many recipients, in audience order, were handed to sending so far (each became a message or was skipped); recipients when all were.',
    }),
    amountHeld: t.field({
      type: 'Cents',
      description:
        'The quote’s total held from the wallet at the launch, in cents (100 cents = 1 TZS). It stays as launched: each recipient’s share is then charged or given back on its own (see the ledger and deliveryReport).',
      resolve: (l) => l.amount_held,
    }),
  }),
});
