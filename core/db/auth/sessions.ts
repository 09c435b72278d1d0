// Sessions of signed-in members: only the SHA-256 of each session's token is kept.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec, rows } from '../sql.ts';

export interface NewSession {
  id: string;
  tokenHash: Buffer;
  memberId: string;
  organizationId: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertSession(em: EntityManager, session: NewSession): Promise<void> {
  await exec(em, 'insert into sessions (id, token_hash, member_id, organization_id, created_at, expires_at) values (?, ?, ?, ?, ?, ?)', [
    session.id, session.tokenHash, session.memberId, session.organizationId, session.createdAt, session.expiresAt,
  ]);
}

/** Ends one session (signing out); ending it twice keeps the first end. */
export async function endSession(em: EntityManager, sessionId: string, at: Date): Promise<void> {
  await exec(em, 'update sessions set ended_at = ? where id = ? and ended_at is null', [at, sessionId]);
}

/** Ends every live session of a member (their removal). */
export async function endSessionsOfMember(em: EntityManager, memberId: string, at: Date): Promise<void> {
  await exec(em, 'update sessions set ended_at = ? where member_id = ? and ended_at is null', [at, memberId]);
}

/** Ends every live session of a member but one (null: all of them); returns how many it ended. */
export async function endSessionsOfMemberExcept(em: EntityManager, memberId: string, keepSessionId: string | null, at: Date): Promise<number> {
  const ended = await rows<{ id: string }>(
    em,
    'update sessions set ended_at = ? where member_id = ? and ended_at is null and (?::uuid is null or id <> ?::uuid) returning id',
    [at, memberId, keepSessionId, keepSessionId],
  );
  return ended.length;
}
