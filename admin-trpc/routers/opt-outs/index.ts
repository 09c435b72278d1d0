// opt-outs: list, record, clear.
import { router } from '../../trpc.ts';

export const optOutsRouter = router({});
