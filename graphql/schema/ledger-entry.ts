// LedgerEntry, with the ledgerEntries query: the wallet's ledger, read by the same use case as REST.
import { builder } from '../builder.ts';
import { allowedBy } from '../auth-scopes.ts';
import { given } from '../arguments.ts';
import { idConnection } from '../connections.ts';
import { parseWith } from '../../core/app/validation.ts';
import * as ledger from '../../core/app/wallet/list-ledger.ts';
import { LedgerKind } from './ledger-kind.ts';

type EntryView = Awaited<ReturnType<typeof ledger.findLedgerEntries>>[number];

export const LedgerEntry = builder.objectRef<EntryView>('LedgerEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: LedgerKind, resolve: (e) => e.kind as 'top_up' }),
    amount: t.field({ type: 'Cents', resolve: (e) => e.amount }),
    balanceAfter: t.field({ type: 'Cents', resolve: (e) => e.balance_after }),
    heldAfter: t.field({ type: 'Cents', resolve: (e) => e.held_after }),
    reference: t.exposeString('reference', { nullable: true }),
    messageId: t.exposeID('message_id', { nullable: true }),
    campaignId: t.exposeID('campaign_id', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.created_at ?? '' }),
  }),
});

builder.queryField('ledgerEntries', (t) =>
  t.connection(
    {
      type: LedgerEntry,
      nullable: true,
      args: { kind: t.arg({ type: LedgerKind }), from: t.arg({ type: 'DateTime', description: 'Created at or after.' }), to: t.arg({ type: 'DateTime', description: 'Created before.' }) },
      authScopes: allowedBy(ledger.access),
      resolve: (_r, args, context) => {
        const filter = parseWith(ledger.ZLedgerFilter, given({ kind: args.kind, from: args.from, to: args.to }));
        return idConnection(args, (walk) => ledger.findLedgerEntries(context.ctx, context.actor, filter, walk));
      },
    },
    { name: 'LedgerEntryConnection' },
    { name: 'LedgerEntryEdge' },
  ),
);
