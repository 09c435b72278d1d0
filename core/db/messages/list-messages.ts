// A page of an organization's messages narrowed by a filter, walked by id.
import type { EntityManager } from '@mikro-orm/postgresql';
import { idPageRows, type IdWalk } from '../sql.ts';
import type { MessageRow } from './message-rows.ts';
import type { RecipientSearch } from '../../domain/phone.ts';

export type { IdWalk };

/** What a list of messages is narrowed to; `test` null is both modes, `campaign` 'none' is messages of no campaign. */
export interface MessagePageFilter {
  test: boolean | null;
  status?: readonly string[] | undefined;
  traffic_class?: string | undefined;
  campaign?: string | undefined;
  sender?: string | undefined;
  created_from?: Date | undefined;
  created_to?: Date | undefined;
  recipient?: RecipientSearch | undefined;
  /** The recipient search reaches single messages only (the caller sees campaign numbers masked). */
  recipientInSingleOnly?: boolean | undefined;
}

/**
 * Messages of the organization that match the filter, a page of a walk by id. A range of creation times walks only
 * the ids between `bounds` (a query of the rollups giving `lo` and `hi`), not every newer id.
 */
export function findMessagePage(
  em: EntityManager,
  organizationId: string,
  filter: MessagePageFilter,
  page: IdWalk,
  bounds: { sql: string; params: unknown[] } | null,
): Promise<MessageRow[]> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const where = (sql: string, ...values: unknown[]) => {
    conditions.push(sql);
    params.push(...values);
  };
  if (filter.test !== null) where('test = ?', filter.test);
  if (filter.status) where('status = any(?::text[])', `{${filter.status.join(',')}}`);
  if (filter.traffic_class) where('traffic_class = ?', filter.traffic_class);
  if (filter.campaign === 'none') conditions.push('campaign_id is null');
  else if (filter.campaign) where('campaign_id = ?', filter.campaign);
  if (filter.sender) where('sender = ?', filter.sender);
  if (filter.created_from) where('created_at >= ?', filter.created_from);
  if (filter.created_to) where('created_at < ?', filter.created_to);
  if (filter.recipient) {
    // Both forms are served by messages_recipient (migration 0028), a trigram index: = and like '%…%' alike.
    if ('exact' in filter.recipient) where('to_phone = ?', filter.recipient.exact);
    else where('to_phone like ?', `%${filter.recipient.contains}%`);
    if (filter.recipientInSingleOnly) conditions.push('campaign_id is null');
  }
  if (bounds) conditions.push('id >= (select lo from bounds) and id <= (select hi from bounds)');
  return idPageRows<MessageRow>(em, {
    table: 'messages',
    organizationId,
    ...page,
    ...(conditions.length ? { where: conditions.join(' and '), params } : {}),
    ...(bounds ? { with: { name: 'bounds', ...bounds } } : {}),
  });
}
