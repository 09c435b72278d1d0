// apiKeys.rotate: a replacement whose secret is shown once; the old key works through its grace period.
import { ZSecretOnce } from '../../outputs.ts';
import type { Ctx } from '../../../core/app/context.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZRotateApiKeyBody } from '../../../core/inputs/api-keys.ts';
import { access, rotateApiKey as run } from '../../../core/app/api-keys/rotate-api-key.ts';
import { ZApiKey, ZApiKeyAnswer } from './outputs.ts';

export const rotateApiKey = memberProcedure
  .input(ZRotateApiKeyBody.extend({ id: ZId, idempotencyKey: ZIdempotencyKey.optional() }))
  .output(ZApiKeyAnswer.extend({ rotated: ZApiKey, ...ZSecretOnce }))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, id, ...body } = input;
    const effect = async (tx: Ctx) => ({ ...(await run(tx, ctx.actor, id, body)), secret_shown: true });
    return asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'apiKeys.rotate', input, effect, { revealsSecret: true }));
  });
