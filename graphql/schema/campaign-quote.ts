// CampaignQuote: the price and audience counts a campaign was quoted at.
import { builder } from '../builder.ts';
import type { CampaignView } from './campaign.ts';

type QuoteView = NonNullable<CampaignView['quote']>;

export const CampaignQuote = builder.objectRef<QuoteView>('CampaignQuote').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    campaignVersion: t.exposeInt('campaign_version'),
    eligible: t.int({ resolve: (q) => q.audience.eligible }),
    duplicates: t.int({ resolve: (q) => q.audience.duplicates }),
    optedOut: t.int({ resolve: (q) => q.audience.opted_out }),
    noConsent: t.int({ resolve: (q) => q.audience.no_consent }),
    segments: t.exposeInt('segments'),
    unitAmount: t.field({ type: 'Cents', resolve: (q) => q.unit_amount }),
    total: t.field({ type: 'Cents', resolve: (q) => q.total }),
    createdAt: t.field({ type: 'DateTime', resolve: (q) => q.created_at ?? '' }),
    expiresAt: t.field({ type: 'DateTime', resolve: (q) => q.expires_at ?? '' }),
  }),
});
