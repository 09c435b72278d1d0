// members: list, add, change role or name, remove, and the keys a removal or a new role would revoke; invitations
// by link; the member's own phone; what each role may do.
import { router } from '../../trpc.ts';
import { listMembers } from './list-members.ts';
import { createMember } from './create-member.ts';
import { updateMember } from './update-member.ts';
import { removeMember } from './remove-member.ts';
import { keysAffected } from './keys-affected.ts';
import { inviteMember } from './invite-member.ts';
import { listInvitations } from './list-invitations.ts';
import { revokeInvitation } from './revoke-invitation.ts';
import { phone } from './phone.ts';
import { setPhone } from './set-phone.ts';
import { verifyPhone } from './verify-phone.ts';
import { roles } from './roles.ts';

export const membersRouter = router({
  list: listMembers,
  create: createMember,
  update: updateMember,
  remove: removeMember,
  keysAffected,
  invite: inviteMember,
  invitations: listInvitations,
  revokeInvitation,
  phone,
  setPhone,
  verifyPhone,
  roles,
});
