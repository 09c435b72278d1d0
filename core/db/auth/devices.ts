// Devices members signed in with (the SHA-256 of each device cookie's token) and the client addresses they
// signed in from: what tells a known sign-in from a stranger's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { exec } from '../sql.ts';

/** Records (or refreshes) the member's device. */
export async function rememberMemberDevice(em: EntityManager, memberId: string, tokenHash: Buffer, at: Date): Promise<void> {
  await exec(
    em,
    `insert into member_devices (member_id, token_hash, created_at, last_seen_at) values (?, ?, ?, ?)
     on conflict (member_id, token_hash) do update set last_seen_at = excluded.last_seen_at`,
    [memberId, tokenHash, at, at],
  );
}

/** Records (or refreshes) the client address the member signed in from. */
export async function rememberSignInAddress(em: EntityManager, memberId: string, address: string, at: Date): Promise<void> {
  await exec(
    em,
    `insert into member_sign_in_addresses (member_id, address, last_seen_at) values (?, ?, ?)
     on conflict (member_id, address) do update set last_seen_at = excluded.last_seen_at`,
    [memberId, address, at],
  );
}
