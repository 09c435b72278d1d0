// webhooks.updateEndpoint: url, event types, description or enabled, as PATCH /v1/webhook-endpoints/{id}.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { access, updateEndpoint as run, ZUpdateEndpointBody } from '../../../core/app/webhooks/save-endpoint.ts';
import { ZEndpointAnswer } from './outputs.ts';

/** The fields beside the id, for the body's own schema (typed as callers send it; checked by that schema). */
function withoutId(raw: z.input<typeof ZUpdateEndpointBody> & { id: string }): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const { id: _id, ...body } = raw;
  return body;
}

/**
 * The id beside the body's fields. The body's schema reads the fields without the id, because its "name at
 * least one change" rule counts the fields it is given; a refusal still names the field itself. Both sides
 * are strict: an intersection reports an unknown field only when each side refuses it.
 */
const ZUpdateEndpointInput = z.intersection(z.strictObject({ id: ZId }), z.preprocess(withoutId, ZUpdateEndpointBody));

export const updateEndpoint = memberProcedure
  .input(ZUpdateEndpointInput)
  .output(ZEndpointAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
