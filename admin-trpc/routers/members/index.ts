// members: list, add, change role or name, remove, and the keys a removal or a new role would revoke.
import { router } from '../../trpc.ts';
import { listMembers } from './list-members.ts';
import { createMember } from './create-member.ts';
import { updateMember } from './update-member.ts';
import { removeMember } from './remove-member.ts';
import { keysAffected } from './keys-affected.ts';

export const membersRouter = router({ list: listMembers, create: createMember, update: updateMember, remove: removeMember, keysAffected });
