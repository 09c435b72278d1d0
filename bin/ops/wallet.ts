// `ops wallet ...`: top-ups and freezing.
import type { Command } from './args.ts';
import { check, integer, operator, orgCommand, organizationId, positional, required } from './args.ts';
import { ZCreditWalletInput, creditWallet } from '../../core/app/wallet/credit-wallet.ts';
import { setWalletFrozen } from '../../core/app/wallet/set-wallet-frozen.ts';

export const walletCommands: Command[] = [
  {
    name: 'wallet credit',
    usage: 'wallet credit ORG --amount CENTS --reference R',
    positionals: ['ORG'],
    flags: { amount: 'value', reference: 'value' },
    prepare(args) {
      const input = check(ZCreditWalletInput, {
        organizationId: organizationId(positional(args, 0)),
        amount: integer('amount', required(args, 'amount')),
        reference: required(args, 'reference'),
      });
      return (ctx) => creditWallet(ctx, operator, input);
    },
  },
  orgCommand('wallet freeze', (ctx, id) => setWalletFrozen(ctx, operator, id, true)),
  orgCommand('wallet unfreeze', (ctx, id) => setWalletFrozen(ctx, operator, id, false)),
];
