// Wallet, with the wallet query: the balance, read by the same use case as REST.
import { builder } from '../builder.ts';
import { allowedBy } from '../auth-scopes.ts';
import * as wallet from '../../core/app/wallet/get-wallet.ts';

type WalletView = Awaited<ReturnType<typeof wallet.getWallet>>['wallet'];

export const Wallet = builder.objectRef<WalletView>('Wallet').implement({
  fields: (t) => ({
    currency: t.exposeString('currency'),
    available: t.field({ type: 'Cents', resolve: (w) => w.available }),
    held: t.field({ type: 'Cents', resolve: (w) => w.held }),
    frozen: t.exposeBoolean('frozen'),
    lowBalanceThreshold: t.field({ type: 'Cents', nullable: true, description: 'Below it, wallet.low_balance is sent; null: no alert.', resolve: (w) => w.low_balance_threshold }),
    lowBalance: t.boolean({ description: 'Available is below the low-balance threshold.', resolve: (w) => w.low_balance }),
  }),
});

builder.queryField('wallet', (t) =>
  t.field({ type: Wallet, nullable: true, authScopes: allowedBy(wallet.access), resolve: async (_r, _a, context) => (await wallet.getWallet(context.ctx, context.actor)).wallet }),
);
