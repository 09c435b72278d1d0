// webhooks.listEndpoints: the organization's endpoints (never their secrets), as GET /v1/webhook-endpoints.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZPage } from '../../../core/inputs/common.ts';
import { listEndpoints as run, readAccess } from '../../../core/app/webhooks/manage-endpoint.ts';
import { ZEndpointPage } from './outputs.ts';

export const listEndpoints = memberProcedure
  .input(ZPage)
  .output(ZEndpointPage)
  .query(({ ctx, input }) => asMember(ctx.actor, readAccess, () => run(ctx.ctx, ctx.actor, input)));
