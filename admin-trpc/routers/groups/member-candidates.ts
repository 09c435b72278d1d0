// groups.memberCandidates: contacts found by a part of a name or number, each saying whether it is in the group,
// as GET /v1/groups/{id}/member-candidates.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { access, findMemberCandidatesFor as run, ZMemberCandidatesQuery } from '../../../core/app/groups/add-many-members.ts';

const ZCandidate = z.strictObject({ id: z.string(), name: z.string().nullable(), phone: z.string(), member: z.boolean() });

export const memberCandidates = memberProcedure
  .input(ZMemberCandidatesQuery.extend({ id: ZId }))
  .output(z.strictObject({ contacts: z.array(ZCandidate), next_before: z.string().nullable(), numbers_masked: z.boolean() }))
  .query(({ ctx, input: { id, ...query } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, query)));
