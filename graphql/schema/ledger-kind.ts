// LedgerKind: what a ledger entry did to the wallet.
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { LEDGER_KINDS } from '../../core/domain/ledger.ts';

export const LedgerKind = builder.enumType('LedgerKind', {
  description: 'What a ledger entry did to the wallet. The wallet’s money is available, held (set aside for messages on their way) or captured (spent).',
  values: upperCaseValues(LEDGER_KINDS, {
    top_up: 'Money paid in: available grows by the amount.',
    hold: 'Money set aside from available for a message or a whole campaign (its quote’s total) until it is sent or not; may be 0.',
    capture: 'Held money spent: an operator accepted the message (or a late receipt showed it was carried).',
    release: 'Held money given back to available: the message failed, expired or was cancelled, or a campaign recipient was skipped.',
    refund: 'Captured money given back to available: a campaign message the operator failed after accepting it.',
    adjustment: 'A correction of the balance, the one kind whose amount may be negative.',
  }),
});
