// webhooks.getEndpoint: one endpoint, as GET /v1/webhook-endpoints/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { getEndpoint as run, readAccess } from '../../../core/app/webhooks/manage-endpoint.ts';
import { ZEndpointAnswer } from './outputs.ts';

export const getEndpoint = memberProcedure
  .input(ZIdInput)
  .output(ZEndpointAnswer)
  .query(({ ctx, input }) => asMember(ctx.actor, readAccess, () => run(ctx.ctx, ctx.actor, input.id)));
