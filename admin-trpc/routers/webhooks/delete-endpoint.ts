// webhooks.deleteEndpoint: the endpoint goes, its pending deliveries fail, as DELETE /v1/webhook-endpoints/{id}.
import { z } from 'zod';
import { ZDeleted } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { deleteEndpoint as run, writeAccess } from '../../../core/app/webhooks/manage-endpoint.ts';

export const deleteEndpoint = memberProcedure
  .input(z.strictObject({ id: ZId }))
  .output(ZDeleted)
  .mutation(({ ctx, input }) => asMember(ctx.actor, writeAccess, () => run(ctx.ctx, ctx.actor, input.id)));
