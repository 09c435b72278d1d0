// One-time codes (a password reset, a phone's verification) and invitations: how long each lives, how many wrong
// tries a code takes, and the state each is in at a given instant.

/** A code sent by SMS (or mail) is good for a quarter of an hour. */
export const CODE_TTL_MS = 15 * 60_000;

/** Wrong tries a code takes; the next try finds it void, even with the right code. */
export const MAX_WRONG_TRIES = 5;

/** Six digits: what a member types from an SMS without mistakes. */
export const CODE_DIGITS = 6;

export type CodePurpose = 'password_reset' | 'phone_verification';

export type CodeState = 'live' | 'used' | 'voided' | 'expired';

export interface CodeRecord {
  expiresAt: Date;
  usedAt: Date | null;
  voidedAt: Date | null;
  failedAttempts: number;
}

/** Used and voided are for ever; a code is voided by its fifth wrong try or by a newer code of the same purpose. */
export function codeState(code: CodeRecord, now: Date): CodeState {
  if (code.usedAt !== null) return 'used';
  if (code.voidedAt !== null || code.failedAttempts >= MAX_WRONG_TRIES) return 'voided';
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'live';
}

/** An invitation's link is good for three days. */
export const INVITATION_TTL_MS = 72 * 3600_000;

export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface InvitationRecord {
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

export function invitationState(invitation: InvitationRecord, now: Date): InvitationState {
  if (invitation.acceptedAt !== null) return 'accepted';
  if (invitation.revokedAt !== null) return 'revoked';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}
