// webhook endpoints, deliveries and attempts, redeliver.
import { router } from '../../trpc.ts';

export const webhooksRouter = router({});
