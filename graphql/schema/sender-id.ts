// SenderId, with the senderIds query: the organization's sender IDs with both approvals, read by the same use case as REST.
import { builder } from '../builder.ts';
import { allowedBy } from '../auth-scopes.ts';
import * as senders from '../../core/app/sender-ids/list-sender-ids.ts';

type SenderIdView = Awaited<ReturnType<typeof senders.listSenderIds>>['sender_ids'][number];

export const SenderId = builder.objectRef<SenderIdView>('SenderId').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    approvalStatus: t.string({ resolve: (s) => s.approval.status }),
    trafficClasses: t.stringList({ description: 'The classes the service approved it for.', resolve: (s) => s.approval.traffic_classes }),
    requestedTrafficClasses: t.stringList({ resolve: (s) => s.approval.requested_traffic_classes }),
    providerApprovalStatus: t.string({ resolve: (s) => s.provider_approval.status }),
    providerApprovedAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.provider_approval.approved_at }),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.created_at ?? '' }),
    updatedAt: t.field({ type: 'DateTime', resolve: (s) => s.updated_at ?? '' }),
  }),
});

builder.queryField('senderIds', (t) =>
  t.field({
    type: [SenderId],
    nullable: true,
    authScopes: allowedBy(senders.access),
    resolve: async (_r, _a, context) => (await senders.listSenderIds(context.ctx, context.actor)).sender_ids,
  }),
);
