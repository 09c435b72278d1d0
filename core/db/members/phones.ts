// A member's own mobile number: the one reset codes may go to once it is verified.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, one } from '../sql.ts';

export interface PhoneRow {
  member_id: string;
  phone: string;
  verified_at: Date | null;
  updated_at: Date;
}

export function findMemberPhone(em: EntityManager, memberId: string, lock = false): Promise<PhoneRow | undefined> {
  return one<PhoneRow>(em, `select member_id, phone, verified_at, updated_at from member_phones where member_id = ?${lock ? ' for update' : ''}`, [memberId]);
}

/** Sets the member's number, unverified (a number set again, even the same one, must be verified again). */
export async function setMemberPhone(em: EntityManager, row: { memberId: string; organizationId: string; phone: string; at: Date }): Promise<void> {
  await exec(
    em,
    `insert into member_phones (member_id, organization_id, phone, verified_at, created_at, updated_at) values (?, ?, ?, null, ?, ?)
     on conflict (member_id) do update set phone = excluded.phone, verified_at = null, updated_at = excluded.updated_at`,
    [row.memberId, row.organizationId, row.phone, row.at, row.at],
  );
}

/** Marks the number verified, if it is still the member's number. Returns whether it was. */
export async function markPhoneVerified(em: EntityManager, memberId: string, phone: string, at: Date): Promise<boolean> {
  const row = await one<{ member_id: string }>(em, 'update member_phones set verified_at = ?, updated_at = ? where member_id = ? and phone = ? returning member_id', [at, at, memberId, phone]);
  return row !== undefined;
}

/** Removes the member's number (reset codes then go by mail alone, where mail is set up). */
export async function removeMemberPhone(em: EntityManager, memberId: string): Promise<void> {
  await exec(em, 'delete from member_phones where member_id = ?', [memberId]);
}
