// webhooks.deleteEndpoint: the endpoint goes, its pending deliveries fail, as DELETE /v1/webhook-endpoints/{id}.
import { ZDeleted } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { deleteEndpoint as run, writeAccess } from '../../../core/app/webhooks/manage-endpoint.ts';

export const deleteEndpoint = memberProcedure
  .input(ZIdInput)
  .output(ZDeleted)
  .mutation(({ ctx, input }) => asMember(ctx.actor, writeAccess, () => run(ctx.ctx, ctx.actor, input.id)));
