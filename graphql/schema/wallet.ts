// wallet and ledgerEntries: the balance and the ledger, read by the same use cases as REST.
import { builder } from '../builder.ts';
import { guarded } from '../guard.ts';
import { parseWith } from '../../core/app/validation.ts';
import * as wallet from '../../core/app/wallet/get-wallet.ts';
import * as ledger from '../../core/app/wallet/list-ledger.ts';

type WalletView = Awaited<ReturnType<typeof wallet.getWallet>>['wallet'];
type LedgerPage = Awaited<ReturnType<typeof ledger.listLedger>>;
type EntryView = LedgerPage['entries'][number];

const Wallet = builder.objectRef<WalletView>('Wallet').implement({
  fields: (t) => ({
    currency: t.exposeString('currency'),
    available: t.field({ type: 'Cents', resolve: (w) => w.available }),
    held: t.field({ type: 'Cents', resolve: (w) => w.held }),
    frozen: t.exposeBoolean('frozen'),
  }),
});

const LedgerEntry = builder.objectRef<EntryView>('LedgerEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind'),
    amount: t.field({ type: 'Cents', resolve: (e) => e.amount }),
    balanceAfter: t.field({ type: 'Cents', resolve: (e) => e.balance_after }),
    heldAfter: t.field({ type: 'Cents', resolve: (e) => e.held_after }),
    reference: t.exposeString('reference', { nullable: true }),
    messageId: t.exposeString('message_id', { nullable: true }),
    campaignId: t.exposeString('campaign_id', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.created_at ?? '' }),
  }),
});

const LedgerConnection = builder.objectRef<LedgerPage>('LedgerPage').implement({
  fields: (t) => ({
    entries: t.field({ type: [LedgerEntry], resolve: (p) => p.entries }),
    nextBefore: t.exposeString('next_before', { nullable: true }),
  }),
});

builder.queryField('wallet', (t) =>
  t.field({ type: Wallet, nullable: true, resolve: async (_r, _a, context) => (await guarded(context, wallet.access, () => wallet.getWallet(context.ctx, context.actor))).wallet }),
);

builder.queryField('ledgerEntries', (t) =>
  t.field({
    type: LedgerConnection,
    nullable: true,
    args: { before: t.arg.string(), limit: t.arg.int(), kind: t.arg.string() },
    resolve: (_r, args, context) =>
      guarded(context, ledger.access, async () => {
        const query = parseWith(ledger.ZListLedgerQuery, { before: args.before ?? undefined, limit: args.limit ?? undefined, kind: args.kind ?? undefined });
        return ledger.listLedger(context.ctx, context.actor, query);
      }),
  }),
);
