// apiKeys.reassign: a working key given another holder (owners and admins), as POST /v1/api-keys/{id}/reassign.
import { memberProcedure, asMember } from '../../trpc.ts';
import { withId } from '../../inputs.ts';
import { access, reassignApiKey as run } from '../../../core/app/api-keys/reassign-api-key.ts';
import { ZApiKeyAnswer } from './outputs.ts';
import { ZReassignApiKeyBody } from '../../../core/inputs/api-keys.ts';

export const reassignApiKey = memberProcedure
  .input(withId(ZReassignApiKeyBody))
  .output(ZApiKeyAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
