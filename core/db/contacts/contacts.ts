// One contact through its entity: found (locked when asked), created, renamed, touched, deleted; and its standing.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Contact } from '../entities/contact.ts';
import { UUID_RE } from '../ids.ts';
import { isUniqueViolation, one, rows } from '../sql.ts';
import { STANDING_COLUMNS, STANDING_JOINS, standingOf, type ContactStanding, type StandingColumns } from './standing.ts';

/**
 * With lock, the contact row is locked by this statement of its own: the standing read that follows then
 * starts after any change that held the lock, and sees its consent records too. An id that is not a uuid
 * names no contact.
 */
export async function findContact(em: EntityManager, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<Contact | null> {
  if (!UUID_RE.test(id)) return null;
  return em.findOne(Contact, { organizationId, id }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
}

/** The contact's latest consent record, whether its number is opted out, and its groups, read now. */
export async function contactStanding(em: EntityManager, contact: Pick<Contact, 'organizationId' | 'id'>): Promise<ContactStanding> {
  const row = await one<StandingColumns>(em, `select ${STANDING_COLUMNS} from contacts c ${STANDING_JOINS} where c.id = ? and c.organization_id = ?`, [
    contact.id,
    contact.organizationId,
  ]);
  if (!row) throw new Error(`the contact ${contact.id} is gone`);
  return standingOf(row);
}

/**
 * A new contact, written at once; null when the organization already has a contact with the number. The clash
 * aborts the transaction (as the statement it replaced did): the caller ends it with its refusal, and the
 * contact is forgotten, so that no later flush tries it again.
 */
export async function insertContact(
  em: EntityManager,
  fields: { id: string; organizationId: string; phone: string; name: string | null; now: Date },
): Promise<Contact | null> {
  const contact = em.create(Contact, { id: fields.id, organizationId: fields.organizationId, phone: fields.phone, name: fields.name, createdAt: fields.now, updatedAt: fields.now });
  try {
    await em.persist(contact).flush();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    em.getUnitOfWork().unsetIdentity(contact);
    return null;
  }
  return contact;
}

/** Sets the name (null clears it) and the time of the change, written at once. */
export async function renameContact(em: EntityManager, contact: Contact, name: string | null, now: Date): Promise<void> {
  contact.name = name;
  contact.updatedAt = now;
  await em.flush();
}

/** Marks the contact changed (its consent was), written at once. */
export async function touchContact(em: EntityManager, contact: Contact, now: Date): Promise<void> {
  contact.updatedAt = now;
  await em.flush();
}

/** Deletes the contact row; its memberships are deleted by their own statement, its consent history stays. */
export async function removeContact(em: EntityManager, contact: Contact): Promise<void> {
  await em.remove(contact).flush();
}

/** The id of the organization's contact for a number, if it has one. */
export async function contactIdOf(em: EntityManager, organizationId: string, phone: string): Promise<string | null> {
  const found = await one<{ id: string }>(em, 'select id from contacts where organization_id = ? and phone = ?', [organizationId, phone]);
  return found?.id ?? null;
}

/** Which of these ids name the organization's contacts. */
export async function ownContactIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Set<string>> {
  const found = await rows<{ id: string }>(em, 'select id from contacts where organization_id = ? and id in (?)', [organizationId, ids]);
  return new Set(found.map((c) => c.id));
}
