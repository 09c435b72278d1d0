// webhooks.getEndpoint: one endpoint, as GET /v1/webhook-endpoints/{id}.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { getEndpoint as run, readAccess } from '../../../core/app/webhooks/manage-endpoint.ts';
import { ZEndpointAnswer } from './outputs.ts';

export const getEndpoint = memberProcedure
  .input(z.strictObject({ id: ZId }))
  .output(ZEndpointAnswer)
  .query(({ ctx, input }) => asMember(ctx.actor, readAccess, () => run(ctx.ctx, ctx.actor, input.id)));
