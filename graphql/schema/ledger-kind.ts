// LedgerKind: what a ledger entry did to the wallet.
import { builder } from '../builder.ts';
import { LEDGER_KINDS } from '../../core/domain/ledger.ts';

export const LedgerKind = builder.enumType('LedgerKind', {
  values: Object.fromEntries(LEDGER_KINDS.map((kind) => [kind.toUpperCase(), { value: kind }])) as Record<Uppercase<(typeof LEDGER_KINDS)[number]>, { value: (typeof LEDGER_KINDS)[number] }>,
});
