// Members' answers, as REST's `data` holds them: a member with the permissions of their role, pages, removals.
import { z } from 'zod';
import { ZInstant, pageOf } from '../../outputs.ts';
import { PERMISSIONS, ROLES } from '../../../core/domain/access.ts';
import { ZApiKey } from '../api-keys/outputs.ts';


/** What a role may do (core/domain/access.ts decides; the dashboard shows its menus and buttons by it). */
export const ZPermissions = z.array(z.enum(PERMISSIONS)).readonly();

export const ZMember = z.strictObject({
  id: z.string(),
  organization_id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  permissions: ZPermissions,
  created_at: ZInstant,
  updated_at: ZInstant,
});

export const ZMemberAnswer = z.strictObject({ member: ZMember });
export const ZMemberPage = pageOf('members', ZMember);

/** The keys a member change would revoke, each with what the new role lacks to hold it (empty for a removal). */
export const ZKeysAffected = z.strictObject({
  change: z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('removal') }), z.strictObject({ kind: z.literal('role'), role: z.enum(ROLES) })]),
  api_keys: z.array(ZApiKey.extend({ beyond_role: z.array(z.string()) })),
});

export const ZPhone = z.strictObject({ number: z.string(), verified: z.boolean(), verified_at: ZInstant }).nullable();
export const ZPhoneAnswer = z.strictObject({ phone: ZPhone });
export const ZPhoneSet = z.strictObject({ phone: ZPhone, code_expires_at: z.string() });

export const ZInvitation = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  name: z.string().nullable(),
  state: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: ZInstant,
  member_id: z.string().nullable(),
  revoked_at: ZInstant,
});
export const ZInvitationAnswer = z.strictObject({ invitation: ZInvitation });
/** The link is in this answer alone: it is kept nowhere. */
export const ZInvited = z.strictObject({ invitation: ZInvitation, link: z.string(), mailed: z.boolean() });
export const ZInvitationPage = pageOf('invitations', ZInvitation);

export const ZRoles = z.strictObject({
  roles: z.array(
    z.strictObject({
      role: z.enum(ROLES),
      description: z.string(),
      permissions: z.array(z.strictObject({ permission: z.enum(PERMISSIONS), description: z.string() })),
    }),
  ),
});
