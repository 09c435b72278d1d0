// apiKeys.revoke: the key stops working at once, as POST /v1/api-keys/{id}/revoke.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { access, revokeApiKey as run } from '../../../core/app/api-keys/revoke-api-key.ts';
import { ZApiKeyAnswer } from './outputs.ts';

export const revokeApiKey = memberProcedure
  .input(z.strictObject({ id: ZId }))
  .output(ZApiKeyAnswer)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
