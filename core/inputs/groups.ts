// What the group calls take: a group's name and the contacts added to or removed from it.
import { z } from 'zod';
import { MIN_CONTACT_SEARCH, MAX_CONTACT_SEARCH } from '../domain/contact-search.ts';
import { ZId, ZPage } from './common.ts';

export const ZGroupName = z.string().trim().min(1).max(100);

export const ZGroupBody = z.strictObject({ name: ZGroupName });

export const ZMembersBody = z.strictObject({
  contact_ids: z.array(ZId).min(1).max(500),
});
export type TMembersBody = z.infer<typeof ZMembersBody>;

/** Contacts added to a group in one call at most. */
export const MAX_MEMBERS_AT_ONCE = 1000;

/** Contacts to offer for a group: a part of a name or of a number, newest first, keyset paged by `before`. */
export const ZMemberCandidatesQuery = ZPage.extend({
  search: z.string().trim().min(MIN_CONTACT_SEARCH, `search needs at least ${MIN_CONTACT_SEARCH} characters`).max(MAX_CONTACT_SEARCH),
});
export type TMemberCandidatesQuery = z.infer<typeof ZMemberCandidatesQuery>;

/** Many contacts into a group at once: repeats and contacts already in it are counted, not refused. */
export const ZAddManyMembersBody = z.strictObject({
  contact_ids: z.array(ZId).min(1).max(MAX_MEMBERS_AT_ONCE, `at most ${MAX_MEMBERS_AT_ONCE} contacts at once`),
});
export type TAddManyMembersBody = z.infer<typeof ZAddManyMembersBody>;
