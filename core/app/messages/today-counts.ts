// Today's messages of the organization by status, "today" being the calendar day in Africa/Dar_es_Salaam of the
// clock's now: the delivery report over that one day.
import { z } from 'zod';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import { MESSAGE_STATUSES } from '../../domain/message-states.ts';
import { REPORT_TIME_ZONE, deliveryRate, pendingOf, type StatusCounts } from '../../domain/delivery-report.ts';
import { nextOpening } from '../../domain/sending-window.ts';
import { parseWith } from '../validation.ts';
import { deliveryReport, ZDeliveryReportInput } from '../reports/delivery-report.ts';

export { access } from '../reports/delivery-report.ts';

export const ZTodayCountsInput = z.strictObject({ test: z.boolean().default(false) });
export type TTodayCountsInput = z.infer<typeof ZTodayCountsInput>;

const DAY_MS = 86_400_000;
// A window open all day opens again at every midnight of Dar es Salaam: its next opening ends the day `at` is in.
const ALL_DAY = { opens: '00:00', closes: '00:00' };

/** The day in Dar es Salaam that `at` falls on, as the instants of its midnight and the next (EAT keeps no daylight saving). */
export function darEsSalaamDayOf(at: Date): { from: Date; to: Date } {
  const to = nextOpening(ALL_DAY, at);
  return { from: new Date(to.getTime() - DAY_MS), to };
}

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
