// SenderId, with the senderIds query: the organization's sender IDs with both approvals, read by the same use case as REST.
import { builder } from '../builder.ts';
import { allowedBy, whoMayRead } from '../auth-scopes.ts';
import * as senders from '../../core/app/sender-ids/list-sender-ids.ts';

type SenderIdView = Awaited<ReturnType<typeof senders.listSenderIds>>['sender_ids'][number];

export const SenderId = builder.objectRef<SenderIdView>('SenderId').implement({
  description: 'A name the organization’s messages come from, as handsets show it. It needs two approvals: the service’s and the SMS route’s.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The sender ID’s id (a UUID).' }),
    name: t.exposeString('name', { description: 'The name, 1 to 11 letters, digits, spaces, dots, dashes, ampersands or underscores; case counts.' }),
    approvalStatus: t.string({ description: 'The service’s approval: requested, approved or rejected.', resolve: (s) => s.approval.status }),
    trafficClasses: t.stringList({ description: 'The traffic classes the service approved it for (transactional, promotional); empty until approved.', resolve: (s) => s.approval.traffic_classes }),
    requestedTrafficClasses: t.stringList({ description: 'The traffic classes the organization asked for.', resolve: (s) => s.approval.requested_traffic_classes }),
    providerApprovalStatus: t.string({
      description: 'The SMS route’s approval: pending or approved. Until it is approved, sending from it is refused (sender_not_ready).',
      resolve: (s) => s.provider_approval.status,
    }),
    providerApprovedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the SMS route approved it (UTC); null while pending.', resolve: (s) => s.provider_approval.approved_at }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was requested or added (UTC).', resolve: (s) => s.created_at ?? '' }),
    updatedAt: t.field({ type: 'DateTime', description: 'Its last change (UTC).', resolve: (s) => s.updated_at ?? '' }),
  }),
});

builder.queryField('senderIds', (t) =>
  t.field({
    type: [SenderId],
    nullable: true,
    description: `The organization’s sender IDs with both approvals. ${whoMayRead(senders.access)}`,
    authScopes: allowedBy(senders.access),
    resolve: async (_r, _a, context) => (await senders.listSenderIds(context.ctx, context.actor)).sender_ids,
  }),
);
