// apiKeys.revoke: the key stops working at once, as POST /v1/api-keys/{id}/revoke.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, revokeApiKey as run } from '../../../core/app/api-keys/revoke-api-key.ts';
import { ZApiKeyAnswer } from './outputs.ts';

export const revokeApiKey = memberProcedure
  .input(ZIdInput)
  .output(ZApiKeyAnswer)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
