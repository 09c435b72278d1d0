// The member repository: an organization's members read, created and changed as Member entities, each write
// flushed at once so that it keeps its place among the statements of its transaction.
import { LockMode } from '@mikro-orm/core';
import type { Language } from '../../domain/languages.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../domain/access.ts';
import { Member } from '../entities/member.ts';
import { newId } from '../ids.ts';
import { isUniqueViolation } from '../sql.ts';

/** A live (not removed) member of the organization; `lock` holds the row for update and reads it as it is then. */
export function findMember(em: EntityManager, organizationId: string, id: string, lock = false): Promise<Member | null> {
  return em.findOne(Member, { id, organizationId, deletedAt: null }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
}

/**
 * A live member with the row locked for share until the transaction ends: what a key's grant or holder reads,
 * so that a removal or a new role committed in between is seen and one that comes after waits.
 */
export function findMemberForShare(em: EntityManager, organizationId: string, id: string): Promise<Member | null> {
  return em.findOne(Member, { id, organizationId, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_READ, refresh: true });
}

/** The organization's live member with this email (stored in lower case, as `email` must be given). */
export function findMemberByEmail(em: EntityManager, organizationId: string, email: string): Promise<Member | null> {
  return em.findOne(Member, { organizationId, email, deletedAt: null });
}

export interface NewMember {
  organizationId: string;
  email: string;
  name: string | null;
  passwordHash: string;
  role: Role;
  at: Date;
}

/** The new member, or null when a live member of the organization already has the email. */
export async function insertMember(em: EntityManager, member: NewMember): Promise<Member | null> {
  const created = em.create(Member, {
    id: newId(),
    organizationId: member.organizationId,
    email: member.email,
    name: member.name,
    passwordHash: member.passwordHash,
    role: member.role,
    language: null,
    createdAt: member.at,
    updatedAt: member.at,
    deletedAt: null,
  });
  try {
    await em.persist(created).flush();
  } catch (err) {
    // Two requests at once for one address meet only at the unique index.
    if (isUniqueViolation(err, 'members_organization_email_live')) return null;
    throw err;
  }
  return created;
}

/**
 * A page of the organization's live members, newest first: ids are time-ordered, so `before` is the last id of
 * the previous page. One member more than the limit tells whether a next page exists.
 */
export function findMembersPage(em: EntityManager, organizationId: string, page: { before: string | undefined; limit: number }): Promise<Member[]> {
  return em.find(
    Member,
    { organizationId, deletedAt: null, ...(page.before === undefined ? {} : { id: { $lt: page.before } }) },
    { orderBy: { id: 'desc' }, limit: page.limit + 1 },
  );
}

/** A new role (when given) and name (when given, null clears it). */
export async function changeMember(em: EntityManager, member: Member, change: { role?: Role; name?: string | null }, at: Date): Promise<void> {
  if (change.role !== undefined) member.role = change.role;
  if (change.name !== undefined) member.name = change.name;
  member.updatedAt = at;
  await em.flush();
}

/** Removes the member; the row stays for the audit log. */
export async function removeMember(em: EntityManager, member: Member, at: Date): Promise<void> {
  member.deletedAt = at;
  member.updatedAt = at;
  await em.flush();
}

/** A new password hash (a change or a reset). */
export async function setMemberLanguage(em: EntityManager, member: Member, language: Language, at: Date): Promise<void> {
  member.language = language;
  member.updatedAt = at;
  await em.flush();
}

export async function setMemberPassword(em: EntityManager, member: Member, passwordHash: string, at: Date): Promise<void> {
  member.passwordHash = passwordHash;
  member.updatedAt = at;
  await em.flush();
}
