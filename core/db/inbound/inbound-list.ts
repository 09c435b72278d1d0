// Inbound messages as their organization reads them: a filtered page newest first (a walk by id, time-ordered), one
// by id, the conversations (one a sender) and a conversation's thread beside the single messages sent back.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IdWalk, Runner } from '../sql.ts';
import { exec, idPageRows, one, rows } from '../sql.ts';

export type { IdWalk };
import { UUID_RE } from '../ids.ts';

export interface InboundMessageRow {
  id: string;
  organization_id: string;
  from_phone: string;
  to_number: string;
  body: string;
  keyword: 'opt_out' | 'opt_in' | null;
  incomplete: boolean;
  received_at: Date;
  read_at: Date | null;
}

const COLUMNS = 'id, organization_id, from_phone, to_number, body, keyword, incomplete, received_at, read_at';

export interface InboundFilter {
  from?: string | undefined;
  to?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
}

/** Newest first (oldest first when walked backwards): ids are time-ordered (uuid v7), so a walk by id is by arrival. */
export async function findInboundPage(em: EntityManager, organizationId: string, filter: InboundFilter, walk: IdWalk): Promise<InboundMessageRow[]> {
  return idPageRows<InboundMessageRow>(em, {
    ...walk,
    table: 'inbound_messages',
    organizationId,
    where: `(?::text is null or from_phone = ?) and (?::text is null or to_number = ?)
      and (?::timestamptz is null or received_at >= ?) and (?::timestamptz is null or received_at < ?)`,
    params: [filter.from ?? null, filter.from ?? null, filter.to ?? null, filter.to ?? null, filter.since ?? null, filter.since ?? null, filter.until ?? null, filter.until ?? null],
  });
}

export async function findInboundMessage(db: Runner, organizationId: string, id: string): Promise<InboundMessageRow | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  return one<InboundMessageRow>(db, `select ${COLUMNS} from inbound_messages where organization_id = ? and id = ?`, [organizationId, id]);
}

export async function markKeyword(db: Runner, id: string, keyword: 'opt_out' | 'opt_in'): Promise<void> {
  await exec(db, 'update inbound_messages set keyword = ? where id = ?', [keyword, id]);
}

export interface ConversationRow {
  phone: string;
  last_id: string;
  last_body: string;
  last_received_at: Date;
  last_to: string;
  unread: number;
  total: number;
}

/** One conversation a sender, the latest first (a page walks by the id of each one's last message). */
export async function findConversations(db: Runner, organizationId: string, walk: { olderThan: string | undefined; limit: number }): Promise<ConversationRow[]> {
  return rows<ConversationRow>(
    db,
    `select * from (
       select distinct on (from_phone) from_phone as phone, id as last_id, body as last_body, received_at as last_received_at, to_number as last_to,
         (count(*) filter (where read_at is null) over w)::int as unread, (count(*) over w)::int as total
       from inbound_messages where organization_id = ?
       window w as (partition by from_phone)
       order by from_phone, id desc
     ) c where ?::uuid is null or last_id < ?::uuid
     order by last_id desc limit ?`,
    [organizationId, walk.olderThan ?? null, walk.olderThan ?? null, walk.limit],
  );
}

/** The sender's latest inbound messages, newest first. */
export async function findConversationInbound(db: Runner, organizationId: string, phone: string, limit: number): Promise<InboundMessageRow[]> {
  return rows<InboundMessageRow>(db, `select ${COLUMNS} from inbound_messages where organization_id = ? and from_phone = ? order by id desc limit ?`, [organizationId, phone, limit]);
}

export interface OutboundRow {
  id: string;
  to_phone: string;
  sender: string;
  body: string;
  status: string;
  created_at: Date;
}

/** The organization's live single messages to the number, newest first (campaign messages are not a conversation). */
export async function findOutboundTo(db: Runner, organizationId: string, phone: string, limit: number): Promise<OutboundRow[]> {
  return rows<OutboundRow>(
    db,
    `select id, to_phone, sender, body, status, created_at from messages
     where organization_id = ? and to_phone = ? and campaign_id is null and not test
     order by id desc limit ?`,
    [organizationId, phone, limit],
  );
}

/** The sender's unread messages marked read now; how many were. */
export async function markConversationRead(db: Runner, organizationId: string, phone: string, now: Date): Promise<number> {
  const marked = await rows<{ id: string }>(db, 'update inbound_messages set read_at = ? where organization_id = ? and from_phone = ? and read_at is null returning id', [now, organizationId, phone]);
  return marked.length;
}
