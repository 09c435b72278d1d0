// apiKeys.list: the organization's keys, redacted, as GET /v1/api-keys.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZPage } from '../../../core/inputs/common.ts';
import { access, listApiKeys as run } from '../../../core/app/api-keys/list-api-keys.ts';
import { ZApiKeyPage } from './outputs.ts';

export const listApiKeys = memberProcedure
  .input(ZPage)
  .output(ZApiKeyPage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
