// Wallet, with the wallet query: the balance, read by the same use case as REST.
import { builder } from '../builder.ts';
import { allowedBy, whoMayRead } from '../auth-scopes.ts';
import * as wallet from '../../core/app/wallet/get-wallet.ts';

type WalletView = Awaited<ReturnType<typeof wallet.getWallet>>['wallet'];

export const Wallet = builder.objectRef<WalletView>('Wallet').implement({
  description: 'The organization’s prepaid balance, in cents (100 cents = 1 TZS). A test key sees an empty wallet: test messages never touch it.',
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'Always TZS.' }),
    available: t.field({ type: 'Cents', description: 'What new messages and launches can use, in cents.', resolve: (w) => w.available }),
    held: t.field({
      type: 'Cents',
      description: 'Set aside for messages and campaigns on their way, in cents: charged when an operator accepts them, else given back.',
      resolve: (w) => w.held,
    }),
    frozen: t.exposeBoolean('frozen', { description: 'The service froze the wallet: sending and launches are refused (wallet_frozen).' }),
    lowBalanceThreshold: t.field({
      type: 'Cents',
      nullable: true,
      description: 'When available falls below it, in cents, the wallet.low_balance webhook is sent; null: no alert.',
      resolve: (w) => w.low_balance_threshold,
    }),
    lowBalance: t.boolean({ description: 'available is below lowBalanceThreshold (false when there is none).', resolve: (w) => w.low_balance }),
  }),
});

builder.queryField('wallet', (t) =>
  t.field({
    type: Wallet,
    nullable: true,
    description: `The balance now: available, held and frozen. ${whoMayRead(wallet.access)}`,
    authScopes: allowedBy(wallet.access),
    resolve: async (_r, _a, context) => (await wallet.getWallet(context.ctx, context.actor)).wallet,
  }),
);
