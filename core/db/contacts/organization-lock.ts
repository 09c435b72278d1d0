// The organization's row locked (step 3 of lock-order.ts): the address book's counts, name checks and
// one-import-at-a-time checks read under it are exact until the transaction ends.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec } from '../sql.ts';

export async function lockOrganization(em: EntityManager, organizationId: string): Promise<void> {
  await exec(em, 'select 1 from organizations where id = ? for update', [organizationId]);
}
