// Campaign rows as drafts and pages: creating and changing a draft, and reading campaigns by page or by id.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignStatus } from '../../domain/campaign-states.ts';
import type { CampaignRow } from './rows.ts';
import { exec, idPageRows, one, pgArray, rows, type IdWalk } from '../sql.ts';

export type { IdWalk };

export async function countDrafts(em: EntityManager, organizationId: string): Promise<number> {
  const count = await one<{ n: number }>(em, "select count(*)::int as n from campaigns where organization_id = ? and status = 'draft'", [organizationId]);
  return count?.n ?? 0;
}

/** Which of these ids name groups of the organization. */
export async function findGroupIds(em: EntityManager, organizationId: string, ids: string[]): Promise<string[]> {
  const found = await rows<{ id: string }>(em, 'select id from groups where organization_id = ? and id = any(?::uuid[])', [organizationId, pgArray(ids)]);
  return found.map((g) => g.id);
}

export type NewDraft = Pick<
  CampaignRow,
  'id' | 'organization_id' | 'name' | 'traffic_class' | 'sender' | 'body' | 'encoding' | 'segments' | 'group_ids' | 'scheduled_at' | 'validity_seconds' | 'created_via' | 'api_key_id' | 'member_id'
>;

/** A new draft at version 1, created and updated at `at`. */
export async function insertDraft(em: EntityManager, d: NewDraft, at: Date): Promise<void> {
  await exec(
    em,
    `insert into campaigns (id, organization_id, name, traffic_class, sender, body, encoding, segments, group_ids, scheduled_at,
       validity_seconds, status, version, created_via, api_key_id, member_id, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?::uuid[], ?, ?, 'draft', 1, ?, ?, ?, ?, ?)`,
    [
      d.id, d.organization_id, d.name, d.traffic_class, d.sender, d.body, d.encoding, d.segments, pgArray(d.group_ids),
      d.scheduled_at, d.validity_seconds, d.created_via, d.api_key_id, d.member_id, at, at,
    ],
  );
}

/** What an edit may change of a draft, by column. */
export type DraftChange = Partial<Pick<CampaignRow, 'name' | 'traffic_class' | 'sender' | 'body' | 'encoding' | 'segments' | 'group_ids' | 'scheduled_at' | 'validity_seconds'>>;

/** Writes the change; the draft's version grows and it has no quote any more. */
export async function updateDraft(em: EntityManager, c: Pick<CampaignRow, 'organization_id' | 'id'>, set: DraftChange, at: Date): Promise<void> {
  const columns = Object.keys(set);
  const values = Object.entries(set).map(([column, value]) => (column === 'group_ids' ? pgArray(value as string[]) : value));
  await exec(
    em,
    `update campaigns set ${columns.map((column) => `${column} = ?${column === 'group_ids' ? '::uuid[]' : ''}`).join(', ')}${columns.length ? ', ' : ''}
       version = version + 1, quote_id = null, updated_at = ? where organization_id = ? and id = ?`,
    [...values, at, c.organization_id, c.id],
  );
}

/** The organization's drafts that use the group, locked in id order. */
export function lockDraftsWithGroup(em: EntityManager, organizationId: string, groupId: string): Promise<CampaignRow[]> {
  return rows<CampaignRow>(
    em,
    "select * from campaigns where organization_id = ? and status = 'draft' and ?::uuid = any(group_ids) order by id for update",
    [organizationId, groupId],
  );
}

/** A page of the organization's campaigns (optionally of one status), newest first or, walked backwards, oldest first. */
export function findCampaignPage(em: EntityManager, organizationId: string, page: IdWalk, status?: CampaignStatus): Promise<CampaignRow[]> {
  return idPageRows<CampaignRow>(em, {
    table: 'campaigns',
    organizationId,
    ...page,
    ...(status ? { where: 'status = ?', params: [status] } : {}),
  });
}

/** The organization's campaigns of these ids, in one read. */
export function findCampaignRows(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<CampaignRow[]> {
  return rows<CampaignRow>(em, 'select * from campaigns where organization_id = ? and id = any(?::uuid[])', [organizationId, pgArray([...ids])]);
}
