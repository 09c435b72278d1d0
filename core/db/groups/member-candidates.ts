// Contacts offered for a group, found by a part of their name or number, each with whether it is in the group.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactSearch } from '../../domain/contact-search.ts';
import { pgArray, rows } from '../sql.ts';

export interface MemberCandidate {
  id: string;
  phone: string;
  name: string | null;
  member: boolean;
}

/**
 * Up to `limit` of the organization's contacts older than `before` that match, newest first. The walk follows the
 * primary key; a search that matches little reads far (no index serves a part in the middle of a name).
 */
export function findMemberCandidates(
  em: EntityManager,
  f: { organizationId: string; groupId: string; search: ContactSearch; before?: string | undefined; limit: number },
): Promise<MemberCandidate[]> {
  const match = f.search.by === 'number' ? 'c.phone like any(?::text[])' : 'c.name ilike ?';
  return rows<MemberCandidate>(
    em,
    `select c.id, c.phone, c.name,
       exists (select 1 from group_members gm where gm.group_id = ? and gm.contact_id = c.id) as member
     from contacts c
     where c.organization_id = ? and (?::uuid is null or c.id < ?::uuid) and ${match}
     order by c.id desc limit ?`,
    [f.groupId, f.organizationId, f.before ?? null, f.before ?? null, f.search.by === 'number' ? pgArray(f.search.patterns) : f.search.pattern, f.limit],
  );
}
