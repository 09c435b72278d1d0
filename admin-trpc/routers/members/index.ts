// members: list, add, change role or name, remove.
import { router } from '../../trpc.ts';
import { listMembers } from './list-members.ts';

export const membersRouter = router({ list: listMembers });
