// MessageFilter: what a caller may narrow the messages to, and the use case's names of its fields as written here.
import { builder } from '../builder.ts';
import { MessageStatus } from './message-status.ts';
import { TrafficClass } from './traffic-class.ts';
import { CampaignPresence } from './campaign-presence.ts';

export const MessageFilter = builder.inputType('MessageFilter', {
  fields: (t) => ({
    status: t.field({ type: [MessageStatus], description: 'Any of these statuses.' }),
    trafficClass: t.field({ type: TrafficClass }),
    campaignId: t.id(),
    campaign: t.field({ type: CampaignPresence }),
    sender: t.string(),
    createdFrom: t.field({ type: 'DateTime', description: 'Created at or after.' }),
    createdTo: t.field({ type: 'DateTime', description: 'Created before.' }),
    test: t.boolean({ description: 'Test-mode messages (true) or live ones (false); a key sees its own mode only.' }),
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
