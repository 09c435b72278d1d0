// `ops wallet ...` and `ops top-ups ...`: credits (against a member's top-up request or not), freezing, the
// requests' queue (each request with its clashes: another organization's filing of the same payment reference)
// and declining one.
import type { Command } from './args.ts';
import { CliError, check, integer, operator, optional, orgCommand, organizationId, positional, required, switchOn } from './args.ts';
import { UUID_RE } from '../../core/db/ids.ts';
import { ZCreditWalletInput, creditWallet } from '../../core/app/wallet/credit-wallet.ts';
import { setWalletFrozen } from '../../core/app/wallet/set-wallet-frozen.ts';
import { ZCreditTopUpInput, creditTopUp } from '../../core/app/wallet/top-ups/credit-top-up.ts';
import { ZDeclineTopUpInput, declineTopUp } from '../../core/app/wallet/top-ups/decline-top-up.ts';
import { ZOperatorTopUpsQuery, listTopUpsForOperator } from '../../core/app/wallet/top-ups/list-top-ups-for-operator.ts';

/** A malformed request id is refused like an unknown one, in the use cases' words. */
function topUpId(value: string): string {
  if (!UUID_RE.test(value)) throw new CliError('not_found', `No top-up request has the id ${value}.`, 'top_up', 1);
  return value;
}

export const walletCommands: Command[] = [
  {
    name: 'wallet credit',
    usage: 'wallet credit ORG --amount CENTS --reference R [--top-up ID]',
    positionals: ['ORG'],
    flags: { amount: 'value', reference: 'value', 'top-up': 'value' },
    prepare(args) {
      const credit = {
        organizationId: organizationId(positional(args, 0)),
        amount: integer('amount', required(args, 'amount')),
        reference: required(args, 'reference'),
      };
      const request = optional(args, 'top-up');
      if (request === undefined) {
        const input = check(ZCreditWalletInput, credit);
        return (ctx) => creditWallet(ctx, operator, input);
      }
      const input = check(ZCreditTopUpInput, { ...credit, topUpId: topUpId(request) });
      return (ctx) => creditTopUp(ctx, operator, input);
    },
  },
  orgCommand('wallet freeze', (ctx, id) => setWalletFrozen(ctx, operator, id, true)),
  orgCommand('wallet unfreeze', (ctx, id) => setWalletFrozen(ctx, operator, id, false)),
  {
    name: 'top-ups list',
    usage: 'top-ups list [ORG] [--status pending|credited|declined|failed|expired] [--clashing] [--flagged] [--limit N] [--before ID]',
    positionals: ['[ORG]'],
    flags: { status: 'value', clashing: 'switch', flagged: 'switch', limit: 'value', before: 'value' },
    prepare(args) {
      const org = args.positionals[0];
      const query = check(ZOperatorTopUpsQuery, {
        organizationId: org === undefined ? undefined : organizationId(org),
        status: optional(args, 'status'),
        clashing: switchOn(args, 'clashing'),
        flagged: switchOn(args, 'flagged'),
        limit: optional(args, 'limit'),
        before: optional(args, 'before'),
      });
      return (ctx) => listTopUpsForOperator(ctx, query);
    },
  },
  {
    name: 'top-ups decline',
    usage: 'top-ups decline ID --reason TEXT',
    positionals: ['ID'],
    flags: { reason: 'value' },
    prepare(args) {
      const input = check(ZDeclineTopUpInput, { topUpId: topUpId(positional(args, 0)), reason: required(args, 'reason') });
      return (ctx) => declineTopUp(ctx, operator, input);
    },
  },
];
