// Organizations: the tenant's own row, read and written as the Organization entity.
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { Organization } from '../entities/organization.ts';
import { one } from '../sql.ts';
import { PLATFORM_ORGANIZATION_ID } from '../../domain/system-sms.ts';

/**
 * The organization, or null. Read afresh each time, as the statement it replaced was: the request's
 * EntityManager may hold the entity from an earlier transaction, and the row may have changed since. With lock,
 * the row is held until the transaction ends (lock-order.ts, step 3): the callers serialise their changes on it.
 */
export function findOrganization(em: EntityManager, id: string, lock = false): Promise<Organization | null> {
  return em.findOne(Organization, { id }, lock ? { refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE } : { refresh: true });
}

export async function insertOrganization(em: EntityManager, row: { id: string; name: string; verified: boolean; at: Date }): Promise<Organization> {
  const organization = em.create(Organization, { id: row.id, name: row.name, verified: row.verified, createdAt: row.at, updatedAt: row.at });
  // Written at once: the wallet that follows references it.
  await em.persist(organization).flush();
  return organization;
}

export async function updateOrganizationVerified(em: EntityManager, organization: Organization, verified: boolean, at: Date): Promise<void> {
  organization.verified = verified;
  organization.updatedAt = at;
  await em.flush();
}

/** Whether any customer organization exists (a fresh database gets the demo one); the platform's own is not one. */
export async function hasOrganizations(em: EntityManager): Promise<boolean> {
  return (await one(em, 'select 1 from organizations where id <> ? limit 1', [PLATFORM_ORGANIZATION_ID])) !== undefined;
}
