// What the group calls take: a group's name and the contacts added to or removed from it.
import { z } from 'zod';
import { ZId } from './common.ts';

export const ZGroupName = z.string().trim().min(1).max(100);

export const ZGroupBody = z.strictObject({ name: ZGroupName });

export const ZMembersBody = z.strictObject({
  contact_ids: z.array(ZId).min(1).max(500),
});
export type TMembersBody = z.infer<typeof ZMembersBody>;
