// `ops top-ups check` and `ops payments ...`: push payments asked about now (the status task's work, by the test
// clock when CLOCK=test), the proven mobile-money payments, and an unmatched one assigned to its organization.
import type { Command } from './args.ts';
import { check, optional, organizationId, positional, required, switchOn } from './args.ts';
import { checkPushPayments } from '../../core/app/payments/check-push-payments.ts';
import { ZAssignPaymentInput, ZOperatorPaymentsQuery, assignPayment, listPaymentsForOperator } from '../../core/app/payments/operator-payments.ts';

export const paymentCommands: Command[] = [
  {
    name: 'top-ups check',
    usage: 'top-ups check',
    prepare() {
      return async (ctx) => ({ checked: await checkPushPayments(ctx) });
    },
  },
  {
    name: 'payments list',
    usage: 'payments list [ORG] [--unmatched] [--limit N] [--before ID]',
    positionals: ['[ORG]'],
    flags: { unmatched: 'switch', limit: 'value', before: 'value' },
    prepare(args) {
      const org = args.positionals[0];
      const query = check(ZOperatorPaymentsQuery, {
        organizationId: org === undefined ? undefined : organizationId(org),
        unmatched: switchOn(args, 'unmatched'),
        limit: optional(args, 'limit'),
        before: optional(args, 'before'),
      });
      return (ctx) => listPaymentsForOperator(ctx, query);
    },
  },
  {
    name: 'payments assign',
    usage: 'payments assign PAYMENT --org ORG',
    positionals: ['PAYMENT'],
    flags: { org: 'value' },
    prepare(args) {
      const input = check(ZAssignPaymentInput, { paymentId: positional(args, 0), organizationId: organizationId(required(args, 'org')) });
      return (ctx) => assignPayment(ctx, input);
    },
  },
];
