// audit.list: the organization's audit log, newest first, of one action or all, as GET /v1/audit-events.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listAuditEvents as run } from '../../../core/app/audit/list-audit-events.ts';
import { ZAuditEventPage } from './outputs.ts';
import { ZListAuditEventsQuery } from '../../../core/inputs/audit.ts';

export const listAuditEvents = memberProcedure
  .input(ZListAuditEventsQuery)
  .output(ZAuditEventPage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
