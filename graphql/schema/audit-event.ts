// AuditEvent, with the auditEvents query: the organization's audit log (owners and admins), read by the same use case as REST.
import { builder } from '../builder.ts';
import { allowedBy, whoMayRead } from '../auth-scopes.ts';
import { idConnection } from '../connections.ts';
import { parseWith } from '../../core/app/validation.ts';
import * as audit from '../../core/app/audit/list-audit-events.ts';
import { ZListAuditEventsQuery } from '../../core/inputs/audit.ts';

type AuditView = Awaited<ReturnType<typeof audit.findAuditEvents>>[number];

export const AuditEvent = builder.objectRef<AuditView>('AuditEvent').implement({
  description: 'One change to the organization recorded for good: who did what to which thing, and when.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The event’s id (a UUID).' }),
    action: t.exposeString('action', { description: 'What was done, as thing.verb: campaign.launched, api_key.created, member.signed_in, wallet.top_up, consent.recorded…' }),
    actorType: t.string({ description: 'Who did it: member, api_key, operator (the service’s operator) or system (the service by itself).', resolve: (e) => e.actor.type }),
    actorId: t.id({ nullable: true, description: 'The member’s or the key’s id; null for the operator and the system.', resolve: (e) => e.actor.id }),
    targetType: t.string({ nullable: true, description: 'The kind of thing changed (campaign, api_key, member…); null when the action names no one thing.', resolve: (e) => e.target?.type ?? null }),
    targetId: t.id({ nullable: true, description: 'The id of the thing changed; null when there is none.', resolve: (e) => e.target?.id ?? null }),
    details: t.string({ description: 'The event’s details as a JSON object (its fields differ by action).', resolve: (e) => JSON.stringify(e.details) }),
    createdAt: t.field({ type: 'DateTime', description: 'When it happened (UTC).', resolve: (e) => e.created_at ?? '' }),
  }),
});

builder.queryField('auditEvents', (t) =>
  t.connection(
    {
      type: AuditEvent,
      nullable: true,
      description: `The organization’s audit log, newest first. ${whoMayRead(audit.access)}`,
      args: { action: t.arg.string({ description: 'Only the events of this action, exactly as written (campaign.launched), 1 to 100 characters.' }) },
      authScopes: allowedBy(audit.access),
      resolve: (_r, args, context) => {
        const filter = parseWith(ZListAuditEventsQuery.pick({ action: true }), args.action ? { action: args.action } : {});
        return idConnection(args, (walk) => audit.findAuditEvents(context.ctx, context.actor, filter, walk));
      },
    },
    { name: 'AuditEventConnection', description: 'A page of audit events, newest first.' },
    { name: 'AuditEventEdge', description: 'An audit event and its place in the list.' },
  ),
);
