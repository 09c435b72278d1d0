// An organization's contacts with their standing, each read with its row by one statement: a page (newest first, by
// the start of a number or by group), or one contact for its view.
import type { EntityManager } from '@mikro-orm/postgresql';
import { UUID_RE } from '../ids.ts';
import { one, rows } from '../sql.ts';
import { STANDING_COLUMNS, STANDING_JOINS, standingOf, type ContactStanding, type StandingColumns } from './standing.ts';

/** A contact's own fields, as its entity carries them. */
export interface ContactFields {
  id: string;
  organizationId: string;
  phone: string;
  /** Optional as the entity types a nullable column; null when the contact has no name. */
  name?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ListedContact extends ContactFields {
  standing: ContactStanding;
}

interface ContactRow extends StandingColumns {
  id: string;
  organization_id: string;
  phone: string;
  name: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ContactFilter {
  organizationId: string;
  /** The last id of the previous page. */
  before?: string | undefined;
  /** The E.164 start of the numbers to list; it holds only + and digits. */
  prefix: string | null;
  groupId?: string | undefined;
  /** Contacts whose value of a field (of any field when fieldId is null) equals or contains a text, ignoring case. */
  field?: { fieldId: string | null; value: string; match: 'equals' | 'contains' } | null;
  /** Rows to read (a page and one more, to tell whether another follows). */
  limit: number;
}

/** The statement of a page of contacts (its plan is held to its indexes by a test). */
export function contactListStatement(filter: ContactFilter): { sql: string; params: unknown[] } {
  const conditions = ['c.organization_id = ?'];
  const params: unknown[] = [filter.organizationId];
  if (filter.before) {
    conditions.push('c.id < ?');
    params.push(filter.before);
  }
  if (filter.prefix) {
    // The prefix holds only + and digits, so it needs no LIKE escaping.
    conditions.push('c.phone like ?');
    params.push(`${filter.prefix}%`);
  }
  if (filter.groupId && !filter.prefix && !filter.field) {
    // Walk the group's members newest first (its primary key), so a small group in a big book stays fast.
    conditions.push(`c.id = any(array(
      select gm.contact_id from group_members gm where gm.group_id = ? and (?::uuid is null or gm.contact_id < ?::uuid)
      order by gm.contact_id desc limit ?))`);
    params.push(filter.groupId, filter.before ?? null, filter.before ?? null, filter.limit);
  } else if (filter.groupId) {
    conditions.push('exists (select 1 from group_members gm where gm.group_id = ? and gm.contact_id = c.id)');
    params.push(filter.groupId);
  }
  if (filter.field) {
    const f = filter.field;
    // equals: the btree on (field_id, lower(value)); contains: the trigram index on lower(value). Not correlated
    // with the outer row, so that the planner reads the matching values once rather than once per contact.
    const test = f.match === 'equals' ? 'lower(v.value) = lower(?)' : "lower(v.value) like ? escape '\\'";
    conditions.push(`c.id in (select v.contact_id from contact_field_values v
      where v.organization_id = ? and (?::uuid is null or v.field_id = ?::uuid) and ${test})`);
    params.push(filter.organizationId, f.fieldId, f.fieldId, f.match === 'equals' ? f.value : `%${likeEscaped(f.value.toLowerCase())}%`);
  }
  return {
    sql: `select c.*, ${STANDING_COLUMNS} from contacts c ${STANDING_JOINS} where ${conditions.join(' and ')} order by c.id desc limit ?`,
    params: [...params, filter.limit],
  };
}

export async function findContacts(em: EntityManager, filter: ContactFilter): Promise<ListedContact[]> {
  const { sql, params } = contactListStatement(filter);
  return (await rows<ContactRow>(em, sql, params)).map(listed);
}

/**
 * One contact of the organization with its standing, unlocked; null when the id names none (an id that is no
 * uuid names none). A locked read needs two statements instead (lockContact in core/app/contacts/contact-view.ts).
 */
export async function findContactWithStanding(em: EntityManager, organizationId: string, id: string): Promise<ListedContact | null> {
  if (!UUID_RE.test(id)) return null;
  const found = await one<ContactRow>(em, `select c.*, ${STANDING_COLUMNS} from contacts c ${STANDING_JOINS} where c.organization_id = ? and c.id = ?`, [organizationId, id]);
  return found ? listed(found) : null;
}

/** A text matched literally inside a LIKE pattern. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function listed(c: ContactRow): ListedContact {
  return {
    id: c.id,
    organizationId: c.organization_id,
    phone: c.phone,
    name: c.name,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    standing: standingOf(c),
  };
}
