// ReportRow, with the deliveryReport query: messages of whole days in Africa/Dar_es_Salaam grouped by the
// dimensions asked for, read from the daily rollups by the report use case. Spend and held money need what
// reading the wallet needs.
import { builder } from '../builder.ts';
import { allowedBy } from '../auth-scopes.ts';
import { namedAs } from '../arguments.ts';
import { parseWith } from '../../core/app/validation.ts';
import type { OPERATORS } from '../../core/domain/operators.ts';
import * as report from '../../core/app/reports/delivery-report.ts';
import { TrafficClass } from './traffic-class.ts';
import { Operator } from './operator.ts';
import { ReportDimension } from './report-dimension.ts';

const readsMoney = allowedBy(report.moneyAccess);

export const ReportRow = builder.objectRef<report.ReportRow>('ReportRow').implement({
  description: 'One group of messages (by creation day in Africa/Dar_es_Salaam); a dimension not grouped by is null.',
  fields: (t) => ({
    day: t.string({ nullable: true, description: 'A date (YYYY-MM-DD) in Africa/Dar_es_Salaam.', resolve: (r) => r.day }),
    sender: t.exposeString('sender', { nullable: true }),
    campaignId: t.exposeID('campaign_id', { nullable: true }),
    operator: t.field({ type: Operator, nullable: true, resolve: (r) => r.operator as (typeof OPERATORS)[number] | null }),
    trafficClass: t.field({ type: TrafficClass, nullable: true, resolve: (r) => r.traffic_class as typeof TrafficClass.$inferType | null }),
    messages: t.exposeInt('messages'),
    segments: t.exposeInt('segments'),
    delivered: t.int({ resolve: (r) => r.counts.delivered }),
    undelivered: t.int({ resolve: (r) => r.counts.undelivered }),
    failed: t.int({ resolve: (r) => r.counts.failed }),
    unknown: t.int({ resolve: (r) => r.counts.unknown }),
    expired: t.int({ resolve: (r) => r.counts.expired }),
    cancelled: t.int({ resolve: (r) => r.counts.cancelled }),
    pending: t.int({ description: 'Accepted or submitted: no outcome yet.', resolve: (r) => r.pending }),
    deliveryRate: t.float({ nullable: true, description: 'Delivered over final outcomes (delivered, undelivered, failed, expired, cancelled); null when none.', resolve: (r) => r.delivery_rate }),
    spendCents: t.field({ type: 'Cents', nullable: true, description: 'Captured (charged).', authScopes: readsMoney, resolve: (r) => r.spend_cents }),
    heldCents: t.field({ type: 'Cents', nullable: true, description: 'Held, not yet captured or released.', authScopes: readsMoney, resolve: (r) => r.held_cents }),
  }),
});

builder.queryField('deliveryReport', (t) =>
  t.field({
    type: [ReportRow],
    nullable: true,
    args: {
      from: t.arg({ type: 'DateTime', required: true, description: 'A midnight in Africa/Dar_es_Salaam (the first day counted).' }),
      to: t.arg({ type: 'DateTime', required: true, description: 'A midnight in Africa/Dar_es_Salaam (the day after the last counted).' }),
      groupBy: t.arg({ type: [ReportDimension], required: true }),
      test: t.arg.boolean({ defaultValue: false }),
    },
    authScopes: allowedBy(report.access),
    resolve: (_r, args, context) =>
      namedAs({ group_by: 'groupBy' }, async () => {
        const input = parseWith(report.ZDeliveryReportInput, { from: args.from, to: args.to, group_by: args.groupBy, test: args.test ?? false });
        return report.deliveryReport(context.ctx, context.actor, input);
      }),
  }),
);
