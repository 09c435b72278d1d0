// apiKeys.revoke: the key stops working at once.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, revokeApiKey as run } from '../../../core/app/api-keys/revoke-api-key.ts';

export const revokeApiKey = memberProcedure
  .input(z.strictObject({ id: z.string() }))
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
