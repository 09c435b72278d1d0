// Each organization's account number at the paybill (migration 0031): made once, never changed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { one, rows } from '../sql.ts';

export async function findPaymentReference(em: EntityManager, organizationId: string): Promise<string | undefined> {
  return (await one<{ reference: string }>(em, 'select reference from payment_references where organization_id = ?', [organizationId]))?.reference;
}

/** Keeps the reference unless the organization has one or another organization holds it: false then. */
export async function insertPaymentReference(em: EntityManager, organizationId: string, reference: string, at: Date): Promise<boolean> {
  const inserted = await rows(em, 'insert into payment_references (organization_id, reference, created_at) values (?, ?, ?) on conflict do nothing returning 1', [organizationId, reference, at]);
  return inserted.length > 0;
}

/** The organization a payer's account number names, if any. */
export async function findOrganizationByReference(em: EntityManager, reference: string): Promise<string | undefined> {
  return (await one<{ organization_id: string }>(em, 'select organization_id from payment_references where reference = ?', [reference]))?.organization_id;
}
