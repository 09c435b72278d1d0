// A session opened for a member who proved who they are (a correct password, an accepted invitation): its token
// and CSRF token, the device they came with, the address remembered, and the event audited.
import type { Ctx } from '../context.ts';
import type { Member } from '../../db/entities/member.ts';
import { newId } from '../../db/ids.ts';
import { rememberSignInAddress } from '../../db/auth/devices.ts';
import { insertSession } from '../../db/auth/sessions.ts';
import { memberView } from '../members/member-view.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { newCsrfToken, newSessionToken, sha256 } from './tokens.ts';
import { rememberDevice } from './devices.ts';

export interface OpenedSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
  deviceToken: string;
  member: ReturnType<typeof memberView>;
}

/**
 * `knownDeviceToken` is the device cookie when it is already one of this member's devices, else null (a new one
 * is made). `action` names the audit event (member.signed_in, member.invitation_accepted's sign-in...).
 */
export async function openSession(ctx: Ctx, member: Member, address: string, knownDeviceToken: string | null, action = 'member.signed_in'): Promise<OpenedSession> {
  const device = await rememberDevice(ctx, member.id, knownDeviceToken);
  await rememberSignInAddress(ctx.em, member.id, address, ctx.now);
  const token = newSessionToken();
  const sessionId = newId();
  const expiresAt = new Date(ctx.now.getTime() + ctx.deps.config.sessionTtlHours * 3600_000);
  await insertSession(ctx.em, { id: sessionId, tokenHash: sha256(token), memberId: member.id, organizationId: member.organizationId, createdAt: ctx.now, expiresAt });
  await recordAudit(ctx, { actorType: 'member', actorId: member.id }, { organizationId: member.organizationId, action, targetType: 'member', targetId: member.id, details: { address } });
  return { token, csrfToken: newCsrfToken(token, sessionId), expiresAt, deviceToken: device, member: memberView(member) };
}
