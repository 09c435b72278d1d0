// LedgerKind: what a ledger entry did to the wallet.
import { builder } from '../builder.ts';

export const LedgerKind = builder.enumType('LedgerKind', {
  values: { TOP_UP: { value: 'top_up' }, HOLD: { value: 'hold' }, CAPTURE: { value: 'capture' }, RELEASE: { value: 'release' }, ADJUSTMENT: { value: 'adjustment' } } as const,
});
