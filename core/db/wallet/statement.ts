// The monthly statement's reads of the ledger: the balances before and after a span of time, the holds, charges,
// releases and refunds of each day in Dar es Salaam, and the top-ups and adjustments one by one. One statement, so
// that every figure comes from the same snapshot even while money moves.
import type { EntityManager } from '@mikro-orm/postgresql';
import { REPORT_TIME_ZONE } from '../../domain/delivery-report.ts';
import { one } from '../sql.ts';

/** Cents as text (bigint): the use case makes them bigints. */
export interface BalancesRow {
  available: string;
  held: string;
}

export type DailyKind = 'hold' | 'capture' | 'release' | 'refund';
export const DAILY_KINDS: readonly DailyKind[] = ['hold', 'capture', 'release', 'refund'];

export interface DailyRow {
  kind: DailyKind;
  /** The day in Dar es Salaam, YYYY-MM-DD. */
  day: string;
  count: number;
  amount: string;
}

export interface SingleEntryRow {
  id: string;
  kind: 'top_up' | 'adjustment';
  /** RFC 3339, as JSON writes a timestamptz. */
  created_at: string;
  reference: string | null;
  amount: string;
}

export interface StatementRows {
  /** The balances after the last entry before `from`; null when there is none. */
  opening: BalancesRow | null;
  /** The balances after the last entry before `to`; null when there is none. */
  closing: BalancesRow | null;
  daily: DailyRow[];
  entries: SingleEntryRow[];
}

// "Last" is the ledger's own order (ids are taken in turn under the wallet's lock), which the balances after each
// entry follow; created_at only says which side of a month's edge an entry falls on.
const BALANCES_BEFORE = (at: string) => `(select json_build_object('available', e.balance_after::text, 'held', e.held_after::text)
     from ledger_entries e where e.organization_id = ? and e.created_at < ${at} order by e.id desc limit 1)`;

const STATEMENT = `with span as (
    select id, kind, amount, reference, created_at from ledger_entries
    where organization_id = ? and created_at >= ?::timestamptz and created_at < ?::timestamptz
  )
  select ${BALANCES_BEFORE('?::timestamptz')} as opening,
    ${BALANCES_BEFORE('?::timestamptz')} as closing,
    (select coalesce(json_agg(d order by d.day, d.kind), '[]'::json) from (
       select kind, to_char(created_at at time zone '${REPORT_TIME_ZONE}', 'YYYY-MM-DD') as day, count(*)::int as count, sum(amount)::text as amount
       from span where kind in (${DAILY_KINDS.map((k) => `'${k}'`).join(', ')}) group by 1, 2) d) as daily,
    (select coalesce(json_agg(json_build_object('id', id, 'kind', kind, 'created_at', created_at, 'reference', reference, 'amount', amount::text)
       order by created_at, id), '[]'::json)
     from span where kind in ('top_up', 'adjustment')) as entries`;

/** The organization's ledger over [from, to): the balances at both ends and the movements between them. */
export async function readStatementRows(em: EntityManager, organizationId: string, from: Date, to: Date): Promise<StatementRows> {
  const found = await one<StatementRows>(em, STATEMENT, [organizationId, from, to, organizationId, from, organizationId, to]);
  return found!;
}
