// MessageFilter: what a caller may narrow the messages to, and the use case's names of its fields as written here.
import { builder } from '../builder.ts';
import { MessageStatus } from './message-status.ts';
import { TrafficClass } from './traffic-class.ts';
import { CampaignPresence } from './campaign-presence.ts';

export const MessageFilter = builder.inputType('MessageFilter', {
  description: 'Narrows a list of messages: a message is listed when it matches every field given.',
  fields: (t) => ({
    status: t.field({ type: [MessageStatus], description: 'Any of these statuses (at least one).' }),
    trafficClass: t.field({ type: TrafficClass, description: 'Only this traffic class.' }),
    campaignId: t.id({ description: 'Only the messages of this campaign (its id). Not with campaign.' }),
    campaign: t.field({ type: CampaignPresence, description: 'NONE: only single messages, outside any campaign. Not with campaignId.' }),
    sender: t.string({ description: 'Only the messages sent from this sender ID, exactly as written (case counts).' }),
    createdFrom: t.field({ type: 'DateTime', description: 'Created at or after this moment (any offset; 2026-11-01T00:00:00+03:00 is midnight in EAT).' }),
    createdTo: t.field({ type: 'DateTime', description: 'Created before this moment (not included).' }),
    test: t.boolean({ description: 'Test messages (true) or live ones (false); absent: both for a member. A key sees its own mode only, and naming the other is refused.' }),
    recipient: t.string({
      description: 'A recipient number in any accepted form (that number), or at least 4 of its digits (every number holding them); campaign numbers only for members who may read contacts.',
    }),
  }),
});

/** The use case's names of the filter's fields, as the caller wrote them. */
export const MESSAGE_FILTER_FIELDS: Record<string, string> = {
  status: 'filter.status',
  traffic_class: 'filter.trafficClass',
  campaign: 'filter.campaignId',
  sender: 'filter.sender',
  created_from: 'filter.createdFrom',
  created_to: 'filter.createdTo',
  test: 'filter.test',
  recipient: 'filter.recipient',
};
