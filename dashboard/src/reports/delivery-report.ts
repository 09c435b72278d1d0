// The delivery report as the reports page reads it: GraphQL's deliveryReport, asked as the signed-in member (the
// session cookie, same origin), by day and by operator over whole days in Dar es Salaam.
import { queryOptions } from '@tanstack/react-query';
import { GraphqlRefusal } from '../errors.ts';
import { dayEnd, dayStart } from '../format/days.ts';

export type Dimension = 'DAY' | 'OPERATOR';

export interface ReportRow {
  day: string | null;
  operator: string | null;
  messages: number;
  delivered: number;
  failed: number;
  undelivered: number;
  expired: number;
  cancelled: number;
  pending: number;
  deliveryRate: number | null;
  /** Absent when the member may not read the wallet (the field is not asked for). */
  spendCents?: number | null;
}

export interface ReportRange {
  /** The first day counted and the last, inclusive (YYYY-MM-DD in Dar es Salaam). */
  from: string;
  to: string;
  test: boolean;
}

// Money is asked for only by members who may read the wallet: the field is refused to the others.
const QUERY = (withSpend: boolean) => `query Report($from: DateTime!, $to: DateTime!, $groupBy: [ReportDimension!]!, $test: Boolean!) {
  deliveryReport(from: $from, to: $to, groupBy: $groupBy, test: $test) {
    day operator messages delivered failed undelivered expired cancelled pending deliveryRate${withSpend ? ' spendCents' : ''}
  }
}`;

interface GraphqlAnswer {
  data?: { deliveryReport: ReportRow[] | null } | null;
  errors?: { message: string; path?: string[]; extensions?: { code?: string; field?: string } }[];
}

export async function fetchDeliveryReport(range: ReportRange, groupBy: Dimension, withSpend: boolean): Promise<ReportRow[]> {
  const variables = { from: dayStart(range.from), to: dayEnd(range.to), groupBy: [groupBy], test: range.test };
  const res = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify({ query: QUERY(withSpend), variables, operationName: 'Report' }),
  });
  const answer = (await res.json()) as GraphqlAnswer;
  const refusal = answer.errors?.[0];
  if (refusal) throw new GraphqlRefusal(refusal.message, res.status, refusal.extensions?.code, refusal.extensions?.field);
  return answer.data?.deliveryReport ?? [];
}

export function deliveryReportQuery(range: ReportRange, groupBy: Dimension, withSpend: boolean) {
  return queryOptions({
    queryKey: ['deliveryReport', range, groupBy, withSpend],
    queryFn: () => fetchDeliveryReport(range, groupBy, withSpend),
  });
}
