// CampaignLaunch: when a campaign was launched, started and finished, how far it was fed and the money held.
import { builder } from '../builder.ts';
import type { CampaignView } from './campaign.ts';

type LaunchView = NonNullable<CampaignView['launch']>;

export const CampaignLaunch = builder.objectRef<LaunchView>('CampaignLaunch').implement({
  fields: (t) => ({
    quoteId: t.exposeString('quote_id', { nullable: true }),
    launchedAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.launched_at }),
    startsAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.starts_at }),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.started_at }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.expires_at }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.finished_at }),
    recipients: t.exposeInt('recipients', { nullable: true }),
    fed: t.exposeInt('fed'),
    amountHeld: t.field({ type: 'Cents', resolve: (l) => l.amount_held }),
  }),
});
