// Today's messages of the organization by status, "today" being the calendar day in Africa/Dar_es_Salaam of the
// clock's now: the delivery report over that one day.
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { MESSAGE_STATUSES } from '../../domain/message-states.ts';
import { REPORT_TIME_ZONE, darEsSalaamDayOf, deliveryRate, pendingOf, type StatusCounts } from '../../domain/delivery-report.ts';
import { parseWith } from '../validation.ts';
import { deliveryReport, ZDeliveryReportInput } from '../reports/delivery-report.ts';
import { type TTodayCountsInput } from '../../inputs/messages.ts';

export { access } from '../reports/delivery-report.ts';

export async function todayCounts(ctx: Ctx, actor: TenantActor, input: TTodayCountsInput) {
  const { from, to } = darEsSalaamDayOf(ctx.now);
  const report = parseWith(ZDeliveryReportInput, { from: from.toISOString(), to: to.toISOString(), group_by: [], test: input.test });
  const [row] = await deliveryReport(ctx, actor, report);
  const counts = row?.counts ?? (Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as StatusCounts);
  return {
    day: report.from,
    time_zone: REPORT_TIME_ZONE,
    test: input.test,
    messages: row?.messages ?? 0,
    counts,
    pending: pendingOf(counts),
    delivery_rate: deliveryRate(counts),
  };
}
