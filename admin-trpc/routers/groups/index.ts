// groups: list, create, rename, delete, add and remove members.
import { router } from '../../trpc.ts';

export const groupsRouter = router({});
