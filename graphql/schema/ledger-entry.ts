// LedgerEntry, with the ledgerEntries query: the wallet's ledger, read by the same use case as REST.
import { builder } from '../builder.ts';
import { allowedBy, whoMayRead } from '../auth-scopes.ts';
import { given } from '../arguments.ts';
import { idConnection } from '../connections.ts';
import { parseWith } from '../../core/app/validation.ts';
import * as ledger from '../../core/app/wallet/list-ledger.ts';
import { LedgerKind } from './ledger-kind.ts';

type EntryView = Awaited<ReturnType<typeof ledger.findLedgerEntries>>[number];

export const LedgerEntry = builder.objectRef<EntryView>('LedgerEntry').implement({
  description: 'One movement of the wallet’s money, written in the same transaction as the change that caused it. Amounts in cents (100 cents = 1 TZS).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The entry’s id (a UUID).' }),
    kind: t.field({ type: LedgerKind, description: 'What the entry did to the wallet.', resolve: (e) => e.kind as 'top_up' }),
    amount: t.field({ type: 'Cents', description: 'How much moved, in cents: positive, except an adjustment, which may be negative.', resolve: (e) => e.amount }),
    balanceAfter: t.field({ type: 'Cents', description: 'The wallet’s available money just after this entry, in cents.', resolve: (e) => e.balance_after }),
    heldAfter: t.field({ type: 'Cents', description: 'The wallet’s held money just after this entry, in cents.', resolve: (e) => e.held_after }),
    reference: t.exposeString('reference', { nullable: true, description: 'The payment’s reference of a top-up; null for other kinds.' }),
    messageId: t.exposeID('message_id', { nullable: true, description: 'The message the money moved for; null when it was not one message’s.' }),
    campaignId: t.exposeID('campaign_id', { nullable: true, description: 'The campaign the money moved for (its reservation, a batch of skipped shares, or one of its messages); null otherwise.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When the money moved (UTC).', resolve: (e) => e.created_at ?? '' }),
  }),
});

builder.queryField('ledgerEntries', (t) =>
  t.connection(
    {
      type: LedgerEntry,
      nullable: true,
      description: `The wallet’s ledger, newest first: every movement of its money. A test key sees none. ${whoMayRead(ledger.access)}`,
      args: {
        kind: t.arg({ type: LedgerKind, description: 'Only the entries of this kind.' }),
        from: t.arg({ type: 'DateTime', description: 'Only the entries made at or after this moment (any offset).' }),
        to: t.arg({ type: 'DateTime', description: 'Only the entries made before this moment (not included).' }),
      },
      authScopes: allowedBy(ledger.access),
      resolve: (_r, args, context) => {
        const filter = parseWith(ledger.ZLedgerFilter, given({ kind: args.kind, from: args.from, to: args.to }));
        return idConnection(args, (walk) => ledger.findLedgerEntries(context.ctx, context.actor, filter, walk));
      },
    },
    { name: 'LedgerEntryConnection', description: 'A page of ledger entries, newest first.' },
    { name: 'LedgerEntryEdge', description: 'A ledger entry and its place in the list.' },
  ),
);
