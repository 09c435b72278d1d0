// the audit log.
import { router } from '../../trpc.ts';

export const auditRouter = router({});
