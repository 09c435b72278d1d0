// webhooks.updateEndpoint: url, event types, description or enabled, as PATCH /v1/webhook-endpoints/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { withId } from '../../inputs.ts';
import { access, updateEndpoint as run } from '../../../core/app/webhooks/save-endpoint.ts';
import { ZEndpointAnswer } from './outputs.ts';
import { ZUpdateEndpointBody } from '../../../core/inputs/webhooks.ts';

export const updateEndpoint = memberProcedure
  .input(withId(ZUpdateEndpointBody))
  .output(ZEndpointAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
