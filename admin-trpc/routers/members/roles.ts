// members.roles: what each role may do, from the table the server enforces, for the member and invitation forms.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listRoles } from '../../../core/app/members/list-roles.ts';
import { ZRoles } from './outputs.ts';

export const roles = memberProcedure.output(ZRoles).query(({ ctx }) => asMember(ctx.actor, access, async () => listRoles()));
