// AuditEvent, with the auditEvents query: the organization's audit log (owners and admins), read by the same use case as REST.
import { builder } from '../builder.ts';
import { allowedBy } from '../auth-scopes.ts';
import { idConnection } from '../connections.ts';
import { parseWith } from '../../core/app/validation.ts';
import * as audit from '../../core/app/audit/list-audit-events.ts';
import { ZListAuditEventsQuery } from '../../core/inputs/audit.ts';

type AuditView = Awaited<ReturnType<typeof audit.findAuditEvents>>[number];

export const AuditEvent = builder.objectRef<AuditView>('AuditEvent').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.exposeString('action'),
    actorType: t.string({ resolve: (e) => e.actor.type }),
    actorId: t.id({ nullable: true, resolve: (e) => e.actor.id }),
    targetType: t.string({ nullable: true, resolve: (e) => e.target?.type ?? null }),
    targetId: t.id({ nullable: true, resolve: (e) => e.target?.id ?? null }),
    details: t.string({ description: 'The event’s details as a JSON object.', resolve: (e) => JSON.stringify(e.details) }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.created_at ?? '' }),
  }),
});

builder.queryField('auditEvents', (t) =>
  t.connection(
    {
      type: AuditEvent,
      nullable: true,
      args: { action: t.arg.string() },
      authScopes: allowedBy(audit.access),
      resolve: (_r, args, context) => {
        const filter = parseWith(ZListAuditEventsQuery.pick({ action: true }), args.action ? { action: args.action } : {});
        return idConnection(args, (walk) => audit.findAuditEvents(context.ctx, context.actor, filter, walk));
      },
    },
    { name: 'AuditEventConnection' },
    { name: 'AuditEventEdge' },
  ),
);
