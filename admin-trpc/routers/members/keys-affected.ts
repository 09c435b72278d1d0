// members.keysAffected: the API keys removing a member (or giving them `role`) would revoke, shown before the
// change is confirmed, as GET /v1/members/{id}/affected-api-keys.
import { memberProcedure, asMember } from '../../trpc.ts';
import { withId } from '../../inputs.ts';
import { access, keysAffected as run } from '../../../core/app/members/keys-affected.ts';
import { ZKeysAffected } from './outputs.ts';
import { ZKeysAffectedQuery } from '../../../core/inputs/members.ts';

export const keysAffected = memberProcedure
  .input(withId(ZKeysAffectedQuery))
  .output(ZKeysAffected)
  .query(({ ctx, input: { id, ...query } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, query)));
