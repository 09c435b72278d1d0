// apiKeys.create: a new key, its secret in the response once.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, createApiKey as run, ZCreateApiKeyBody } from '../../../core/app/api-keys/create-api-key.ts';

export const createApiKey = memberProcedure
  .input(ZCreateApiKeyBody)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, ctx.actor.organizationId, input)));
