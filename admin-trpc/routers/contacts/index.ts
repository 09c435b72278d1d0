// contacts: list, get, create, update, delete.
import { router } from '../../trpc.ts';

export const contactsRouter = router({});
