// Members' answers, as REST's `data` holds them: a member with the permissions of their role, pages, removals.
import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../../../core/domain/access.ts';

/** An ISO 8601 instant, null where the thing has not happened. */
export const ZInstant = z.string().nullable();

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
export const ZMemberPage = z.strictObject({ members: z.array(ZMember), next_before: z.string().nullable() });
export const ZDeleted = z.strictObject({ id: z.string(), deleted: z.boolean() });

/** Added to the answer of a call that takes an idempotency key: whether it repeats an earlier answer. */
export const ZReplay = { replay: z.boolean() };
