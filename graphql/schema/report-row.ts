// ReportRow, with the deliveryReport query: messages of whole days in Africa/Dar_es_Salaam grouped by the
// dimensions asked for, read from the daily rollups by the report use case. Spend and held money need what
// reading the wallet needs.
import { builder } from '../builder.ts';
import { allowedBy, whoMayRead } from '../auth-scopes.ts';
import { namedAs } from '../arguments.ts';
import { parseWith } from '../../core/app/validation.ts';
import type { OPERATORS } from '../../core/domain/operators.ts';
import { MAX_REPORT_DAYS } from '../../core/domain/delivery-report.ts';
import * as report from '../../core/app/reports/delivery-report.ts';
import { TrafficClass } from './traffic-class.ts';
import { Operator } from './operator.ts';
import { ReportDimension } from './report-dimension.ts';

const readsMoney = allowedBy(report.moneyAccess);

const counted = (status: string) => `Messages of the row now ${status}.`;

export const ReportRow = builder.objectRef<report.ReportRow>('ReportRow').implement({
  description:
    'One group of messages, counted by the day they were created in Africa/Dar_es_Salaam (EAT, UTC+3) and by their status now: a message moves from column to column as it moves, so past days change as late receipts come. A dimension not grouped by is null.',
  fields: (t) => ({
    day: t.string({ nullable: true, description: 'The day (YYYY-MM-DD) in Africa/Dar_es_Salaam, not UTC; null unless grouped by DAY.', resolve: (r) => r.day }),
    sender: t.exposeString('sender', { nullable: true, description: 'The sender ID; null unless grouped by SENDER.' }),
    campaignId: t.exposeID('campaign_id', { nullable: true, description: 'The campaign; null for single messages, and unless grouped by CAMPAIGN.' }),
    operator: t.field({
      type: Operator,
      nullable: true,
      description: 'The recipients’ operator; null unless grouped by OPERATOR.',
      resolve: (r) => r.operator as (typeof OPERATORS)[number] | null,
    }),
    trafficClass: t.field({
      type: TrafficClass,
      nullable: true,
      description: 'The traffic class; null unless grouped by TRAFFIC_CLASS.',
      resolve: (r) => r.traffic_class as typeof TrafficClass.$inferType | null,
    }),
    messages: t.exposeInt('messages', { description: 'Messages created in the row (each counts once, whatever its segments).' }),
    segments: t.exposeInt('segments', { description: 'SMS parts of those messages, added up: what the price is counted in.' }),
    delivered: t.int({ description: counted('delivered'), resolve: (r) => r.counts.delivered }),
    undelivered: t.int({ description: counted('undelivered (carried, not delivered; charged)'), resolve: (r) => r.counts.undelivered }),
    failed: t.int({ description: counted('failed'), resolve: (r) => r.counts.failed }),
    unknown: t.int({ description: counted('unknown (the operator’s answer was lost; counted apart from pending)'), resolve: (r) => r.counts.unknown }),
    expired: t.int({ description: counted('expired'), resolve: (r) => r.counts.expired }),
    cancelled: t.int({ description: counted('cancelled'), resolve: (r) => r.counts.cancelled }),
    pending: t.int({ description: 'Messages of the row now accepted or submitted: no outcome yet.', resolve: (r) => r.pending }),
    deliveryRate: t.float({
      nullable: true,
      description:
        'delivered ÷ (delivered + undelivered + failed + expired + cancelled), a fraction from 0 to 1 (0.97 is 97 %); pending and unknown messages are left out. Null when no message has an outcome yet.',
      resolve: (r) => r.delivery_rate,
    }),
    spendCents: t.field({
      type: 'Cents',
      nullable: true,
      description: `Money captured (spent) for the row’s messages, in cents (100 cents = 1 TZS). ${whoMayRead(report.moneyAccess)}`,
      authScopes: readsMoney,
      resolve: (r) => r.spend_cents,
    }),
    heldCents: t.field({
      type: 'Cents',
      nullable: true,
      description: `Money still held for the row’s messages, neither spent nor given back, in cents. ${whoMayRead(report.moneyAccess)}`,
      authScopes: readsMoney,
      resolve: (r) => r.held_cents,
    }),
  }),
});

builder.queryField('deliveryReport', (t) =>
  t.field({
    type: [ReportRow],
    nullable: true,
    description: `Messages, outcomes, delivery rate and money over whole days in Africa/Dar_es_Salaam (EAT), grouped by the dimensions asked for; one row per group that has messages. Exact: read from daily totals the service keeps as messages move. ${whoMayRead(report.access)} Money fields need more (see spendCents).`,
    args: {
      from: t.arg({
        type: 'DateTime',
        required: true,
        description: 'The first day counted, as its midnight in Africa/Dar_es_Salaam: 2026-11-01T00:00:00+03:00 (or 2026-10-31T21:00:00Z). Any other time is refused.',
      }),
      to: t.arg({
        type: 'DateTime',
        required: true,
        description: `The day after the last one counted, as its midnight in Africa/Dar_es_Salaam; after from, at most ${MAX_REPORT_DAYS} days later.`,
      }),
      groupBy: t.arg({ type: [ReportDimension], required: true, description: 'The dimensions to group by, each at most once; [] sums the whole range into one row (none when it has no messages).' }),
      test: t.arg.boolean({ defaultValue: false, description: 'Count test messages instead of live ones. A test key must say true; a live key, false.' }),
    },
    authScopes: allowedBy(report.access),
    resolve: (_r, args, context) =>
      namedAs({ group_by: 'groupBy' }, async () => {
        const input = parseWith(report.ZDeliveryReportInput, { from: args.from, to: args.to, group_by: args.groupBy, test: args.test ?? false });
        return report.deliveryReport(context.ctx, context.actor, input);
      }),
  }),
);
