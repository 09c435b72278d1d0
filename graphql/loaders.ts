// Per-request batch loaders: what many nodes of one answer ask for is read by one statement (no N+1).
import DataLoader from 'dataloader';
import type { GqlContext } from './builder.ts';
import { messageDetails, type MessageDetail } from '../core/app/messages/message-view.ts';
import { noRecipients, recipientCounts, type RecipientCounts } from '../core/app/campaigns/recipients.ts';
import { findCampaignsByIds } from '../core/app/campaigns/drafts.ts';

type CampaignView = NonNullable<ReturnType<Awaited<ReturnType<typeof findCampaignsByIds>>['get']>>;

interface Loaders {
  messageDetails: DataLoader<string, MessageDetail>;
  /** By the launch's quote id ('' for a campaign not launched: all 0). */
  recipientCounts: DataLoader<string, RecipientCounts>;
  /** A campaign by id (null: not the caller's to see). */
  campaigns: DataLoader<string, CampaignView | null>;
}

const perRequest = new WeakMap<GqlContext, Loaders>();

export function loaders(context: GqlContext) {
  let found = perRequest.get(context);
  if (!found) {
    found = {
      messageDetails: new DataLoader(async (ids: readonly string[]) => {
        const details = await messageDetails(context.ctx, context.actor.organizationId, ids);
        return ids.map((id) => details.get(id)!);
      }),
      recipientCounts: new DataLoader(async (quoteIds: readonly string[]) => {
        const counts = await recipientCounts(context.ctx, context.actor, quoteIds.filter((q) => q !== ''));
        return quoteIds.map((q) => counts.get(q) ?? noRecipients());
      }),
      campaigns: new DataLoader(async (ids: readonly string[]) => {
        const found = await findCampaignsByIds(context.ctx, context.actor, ids);
        return ids.map((id) => found.get(id) ?? null);
      }),
    };
    perRequest.set(context, found);
  }
  return found;
}
