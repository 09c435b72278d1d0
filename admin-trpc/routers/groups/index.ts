// groups: list, create, rename, delete, add and remove members, find contacts to add and add many at once.
import { router } from '../../trpc.ts';
import { listGroups } from './list-groups.ts';
import { createGroup } from './create-group.ts';
import { renameGroup } from './rename-group.ts';
import { deleteGroup } from './delete-group.ts';
import { addGroupMembers } from './add-group-members.ts';
import { removeGroupMembers } from './remove-group-members.ts';
import { memberCandidates } from './member-candidates.ts';
import { addManyGroupMembers } from './add-many-members.ts';

export const groupsRouter = router({
  list: listGroups,
  create: createGroup,
  rename: renameGroup,
  delete: deleteGroup,
  addMembers: addGroupMembers,
  removeMembers: removeGroupMembers,
  memberCandidates,
  addManyMembers: addManyGroupMembers,
});
