// apiKeys.create: a new key, its secret in the answer once, as POST /v1/api-keys (the key is optional there too).
import { ZSecretOnce } from '../../outputs.ts';
import type { Ctx } from '../../../core/app/context.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { access, createApiKey as run } from '../../../core/app/api-keys/create-api-key.ts';
import { ZApiKeyAnswer } from './outputs.ts';
import { ZCreateApiKeyBody } from '../../../core/inputs/api-keys.ts';

export const createApiKey = memberProcedure
  .input(ZCreateApiKeyBody.extend({ idempotencyKey: ZIdempotencyKey.optional() }))
  .output(ZApiKeyAnswer.extend(ZSecretOnce))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, ...body } = input;
    const effect = async (tx: Ctx) => ({ ...(await run(tx, ctx.actor, ctx.actor.organizationId, body)), secret_shown: true });
    return asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'apiKeys.create', input, effect, { revealsSecret: true }));
  });
