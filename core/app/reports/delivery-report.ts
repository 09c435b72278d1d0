// The delivery report: messages of whole days in Africa/Dar_es_Salaam, grouped by any of day, sender, campaign,
// operator and traffic class, read from the daily rollups and the deltas not folded in yet (exact either way).
import { z } from 'zod';
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { MESSAGE_STATUSES } from '../../domain/message-states.ts';
import { darEsSalaamMidnight, deliveryRate, MAX_REPORT_DAYS, pendingOf, REPORT_DIMENSIONS, type ReportDimension, type StatusCounts } from '../../domain/delivery-report.ts';
import { NO_CAMPAIGN } from '../../db/reports/rollups.ts';
import { sumReportBuckets } from '../../db/reports/delivery-report.ts';
import { withReadTimeout } from '../campaigns/recipients.ts';
import { modeOf } from '../messages/list-messages.ts';
import { ZTimestamp } from '../../inputs/common.ts';

export const access: Access = { scopes: ['messages:read'], permission: 'messages.read' };
/** Money fields of a report (spend, held) need what reading the wallet needs. */
export const moneyAccess: Access = { scopes: ['wallet:read'], permission: 'wallet.read' };

const ZMidnight = (field: string) =>
  ZTimestamp.transform((at, ctx) => {
    const day = darEsSalaamMidnight(at);
    if (day === null) ctx.addIssue({ code: 'custom', message: `${field} must be a midnight in Africa/Dar_es_Salaam (00:00+03:00): reports count whole days` });
    return day ?? '';
  });

export const ZDeliveryReportInput = z
  .strictObject({
    from: ZMidnight('from'),
    to: ZMidnight('to'),
    group_by: z.array(z.enum(REPORT_DIMENSIONS as [ReportDimension, ...ReportDimension[]])).max(REPORT_DIMENSIONS.length),
    test: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    const days = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000;
    if (!(days > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must come after from' });
    else if (days > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `a report spans at most ${MAX_REPORT_DAYS} days` });
    if (new Set(input.group_by).size !== input.group_by.length) ctx.addIssue({ code: 'custom', path: ['group_by'], message: 'each dimension once' });
  });
export type TDeliveryReportInput = z.infer<typeof ZDeliveryReportInput>;

export interface ReportRow {
  day: string | null;
  sender: string | null;
  campaign_id: string | null;
  operator: string | null;
  traffic_class: string | null;
  messages: number;
  segments: number;
  counts: StatusCounts;
  pending: number;
  delivery_rate: number | null;
  spend_cents: number;
  held_cents: number;
}

export async function deliveryReport(ctx: Ctx, actor: TenantActor, input: TDeliveryReportInput): Promise<ReportRow[]> {
  // A key reports on its own mode, as it lists messages.
  modeOf(actor, input.test, 'test');
  const dimensions = REPORT_DIMENSIONS.filter((d) => input.group_by.includes(d));
  const query = { organizationId: actor.organizationId, test: input.test, from: input.from, to: input.to, dimensions };
  // Under the configured read timeout, as recipient reads are (503 read_timeout when it runs out).
  const found = await sumReportBuckets(ctx.em, query, (pool, read) => withReadTimeout(ctx, pool, read));
  return found.map((r) => {
    const counts = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, Number(r[s] ?? 0)])) as StatusCounts;
    return {
      day: r['day'] ?? null,
      sender: r['sender'] ?? null,
      campaign_id: r['campaign_id'] === undefined || r['campaign_id'] === NO_CAMPAIGN ? null : r['campaign_id'],
      operator: r['operator'] ?? null,
      traffic_class: r['traffic_class'] ?? null,
      messages: Number(r['messages']),
      segments: Number(r['segments']),
      counts,
      pending: pendingOf(counts),
      delivery_rate: deliveryRate(counts),
      spend_cents: Number(r['spend_cents']),
      held_cents: Number(r['held_cents']),
    };
  });
}
