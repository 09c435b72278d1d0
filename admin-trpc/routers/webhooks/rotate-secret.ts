// webhooks.rotateSecret: a new signing secret shown once; the old one signs beside it for 24 hours.
import { z } from 'zod';
import { ZSecretOnce } from '../../outputs.ts';
import type { Ctx } from '../../../core/app/context.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { rotateEndpointSecret as run, writeAccess } from '../../../core/app/webhooks/manage-endpoint.ts';
import { ZEndpointAnswer } from './outputs.ts';

export const rotateSecret = memberProcedure
  .input(z.strictObject({ id: ZId, idempotencyKey: ZIdempotencyKey.optional() }))
  .output(ZEndpointAnswer.extend(ZSecretOnce))
  .mutation(({ ctx, input }) => {
    const effect = async (tx: Ctx) => ({ ...(await run(tx, ctx.actor, input.id)), secret_shown: true });
    return asMember(ctx.actor, writeAccess, () => once(ctx.ctx, ctx.actor, 'webhooks.rotateSecret', input, effect, { revealsSecret: true }));
  });
