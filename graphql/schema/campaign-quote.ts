// CampaignQuote: the price and audience counts a campaign was quoted at.
import { builder } from '../builder.ts';
import type { CampaignView } from './campaign.ts';

type QuoteView = NonNullable<CampaignView['quote']>;

export const CampaignQuote = builder.objectRef<QuoteView>('CampaignQuote').implement({
  description:
    'A campaign’s audience frozen and priced at one moment: valid 15 minutes, never changed by later rates. Nothing is held until the launch.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The quote’s id (a UUID), which a launch names.' }),
    status: t.exposeString('status', {
      description: 'current (launchable), stale (the draft, one of its groups or the SMS route changed since, or it was quoted again) or expired (15 minutes passed).',
    }),
    campaignVersion: t.exposeInt('campaign_version', { description: 'The draft’s version it priced.' }),
    eligible: t.int({ description: 'Numbers that will get the message: the audience after the exclusions below.', resolve: (q) => q.audience.eligible }),
    duplicates: t.int({ description: 'Numbers left out because they were in the audience already (in several groups).', resolve: (q) => q.audience.duplicates }),
    optedOut: t.int({ description: 'Numbers left out because they opted out (whatever the traffic class).', resolve: (q) => q.audience.opted_out }),
    noConsent: t.int({ description: 'Numbers left out for lack of a recorded consent (promotional campaigns only; 0 otherwise).', resolve: (q) => q.audience.no_consent }),
    segments: t.exposeInt('segments', { description: 'SMS parts of the text, 1 to 10.' }),
    unitAmount: t.field({ type: 'Cents', description: 'The price of one segment, in cents (100 cents = 1 TZS).', resolve: (q) => q.unit_amount }),
    total: t.field({
      type: 'Cents',
      description: 'unitAmount × segments × eligible, in cents: what a launch holds from the wallet in one reservation.',
      resolve: (q) => q.total,
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was quoted (UTC).', resolve: (q) => q.created_at ?? '' }),
    expiresAt: t.field({ type: 'DateTime', description: 'When it stops being launchable: 15 minutes after it was made (UTC).', resolve: (q) => q.expires_at ?? '' }),
  }),
});
