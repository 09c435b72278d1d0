// One-time codes (password resets, phone checks): only a salted hash of each code is kept, with its wrong tries.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CodePurpose } from '../../domain/one-time-codes.ts';
import { exec, rows } from '../sql.ts';

export interface CodeRow {
  id: string;
  purpose: CodePurpose;
  member_id: string;
  organization_id: string;
  phone: string | null;
  salt: Buffer;
  code_hash: Buffer;
  failed_attempts: number;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  voided_at: Date | null;
}

export interface NewCode {
  id: string;
  purpose: CodePurpose;
  memberId: string;
  organizationId: string;
  phone: string | null;
  salt: Buffer;
  codeHash: Buffer;
  at: Date;
  expiresAt: Date;
}

/** A new code for the member; every earlier code of the same purpose that could still be used is voided. */
export async function replaceCode(em: EntityManager, code: NewCode): Promise<void> {
  await exec(
    em,
    `with voided as (
       update one_time_codes set voided_at = ?
       where member_id = ? and purpose = ? and used_at is null and voided_at is null
     )
     insert into one_time_codes (id, purpose, member_id, organization_id, phone, salt, code_hash, created_at, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [code.at, code.memberId, code.purpose, code.id, code.purpose, code.memberId, code.organizationId, code.phone, code.salt, code.codeHash, code.at, code.expiresAt],
  );
}

/** The member's codes of a purpose made since `since`, newest first (a code's hash is compared with each). */
export function findCodesOfMember(em: EntityManager, memberId: string, purpose: CodePurpose, since: Date): Promise<CodeRow[]> {
  return rows<CodeRow>(em, 'select * from one_time_codes where member_id = ? and purpose = ? and created_at > ? order by created_at desc', [memberId, purpose, since]).then(withBuffers);
}

/**
 * The reset codes made since `since` for the live members with this address, in any organization, newest first;
 * `lock` holds them until the transaction ends.
 */
export function findResetCodesOfEmail(em: EntityManager, email: string, since: Date, lock = false): Promise<CodeRow[]> {
  return rows<CodeRow>(
    em,
    `select c.* from one_time_codes c join members m on m.id = c.member_id
     where m.email = ? and m.deleted_at is null and c.purpose = 'password_reset' and c.created_at > ?
     order by c.created_at desc, c.id${lock ? ' for update of c' : ''}`,
    [email, since],
  ).then(withBuffers);
}

/** The code, locked, read as it is now (a try at the same moment waits). */
export async function lockCode(em: EntityManager, id: string): Promise<CodeRow | undefined> {
  return (await rows<CodeRow>(em, 'select * from one_time_codes where id = ? for update', [id]).then(withBuffers))[0];
}

export async function markCodeUsed(em: EntityManager, id: string, at: Date): Promise<void> {
  await exec(em, 'update one_time_codes set used_at = ? where id = ?', [at, id]);
}

/** One more wrong try on each of these codes (the fifth voids a code: domain/one-time-codes.ts). */
export async function countWrongTry(em: EntityManager, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await exec(em, `update one_time_codes set failed_attempts = failed_attempts + 1 where id = any(?::uuid[])`, [`{${ids.join(',')}}`]);
}

/** The driver gives bytea as Buffers; through some paths as PostgreSQL's hex text. */
function withBuffers(found: CodeRow[]): CodeRow[] {
  for (const row of found) {
    row.salt = asBuffer(row.salt);
    row.code_hash = asBuffer(row.code_hash);
  }
  return found;
}

function asBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === 'string' && value.startsWith('\\x')) return Buffer.from(value.slice(2), 'hex');
  if (value instanceof Uint8Array) return Buffer.from(value);
  throw new Error('a bytea column came back in an unknown form');
}
