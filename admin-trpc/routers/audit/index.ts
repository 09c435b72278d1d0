// the audit log.
import { router } from '../../trpc.ts';
import { listAuditEvents } from './list-audit-events.ts';

export const auditRouter = router({ list: listAuditEvents });
