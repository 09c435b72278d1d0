// `ops top-ups check` and `ops payments ...`: push payments asked about now (the status task's work, by the test
// clock when CLOCK=test), the proven mobile-money payments, an unmatched one assigned to its organization, and
// (with live payments off) a payment at the paybill made through the simulator, to try the paybill by hand.
import type { Command } from './args.ts';
import { CliError, check, integer, optional, organizationId, positional, required, switchOn } from './args.ts';
import type { Payments } from '../../workers/providers/payments/index.ts';
import { MAX_PUSH_TZS } from '../../core/domain/mobile-money.ts';
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
  {
    name: 'payments simulate-paybill',
    usage: 'payments simulate-paybill --reference ACCOUNT --amount-tzs N [--phone +255…]',
    flags: { reference: 'value', 'amount-tzs': 'value', phone: 'value' },
    prepare(args) {
      const accountReference = required(args, 'reference');
      const amountTzs = Number(integer('amount-tzs', required(args, 'amount-tzs')));
      if (amountTzs < 1 || amountTzs > MAX_PUSH_TZS) throw new CliError('validation_failed', `--amount-tzs is whole shillings from 1 to ${MAX_PUSH_TZS}.`, 'amount-tzs');
      const payerPhone = optional(args, 'phone') ?? '+255754000001';
      return async (ctx) => {
        const gateway = ctx.deps.payments as Payments | undefined;
        if (!gateway?.simulator) throw new CliError('invalid_request', 'Live payments are on: a paybill payment cannot be simulated.', 'reference', 1);
        const simulator = await gateway.simulator();
        // Posted to this deployment's callback route (PUBLIC_URL, or localhost and PORT): the service must be running.
        const transactionId = await simulator.payToPaybill({ accountReference, amountTzs, payerPhone, provider: 'mpesa' });
        const delivery = simulator.deliveries().find((d) => d.transactionId === transactionId);
        return { transaction_id: transactionId, answered_with: delivery?.answeredWith ?? null };
      };
    },
  },
];
