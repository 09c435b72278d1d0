// groups.list: the organization's groups with member counts, by name, as GET /v1/groups.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listGroups as run } from '../../../core/app/groups/list-groups.ts';
import { ZGroupList } from './outputs.ts';

export const listGroups = memberProcedure
  .input(z.strictObject({}).optional())
  .output(ZGroupList)
  .query(({ ctx }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor)));
