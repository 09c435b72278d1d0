// Whether an organization keeps an owner when one of its owners is removed or demoted.
import type { EntityManager } from '@mikro-orm/postgresql';
import { lockOrganization } from '../lock-order.ts';
import { one } from '../sql.ts';

/** Whether a live owner other than memberId remains, read under the organization's lock. */
export async function anotherOwnerRemains(em: EntityManager, organizationId: string, memberId: string): Promise<boolean> {
  // The organization lock serialises two owners removed at once, so one of them always stays.
  await lockOrganization(em, organizationId);
  const other = await one(em, "select 1 from members where organization_id = ? and role = 'owner' and deleted_at is null and id <> ?", [organizationId, memberId]);
  return other !== undefined;
}
