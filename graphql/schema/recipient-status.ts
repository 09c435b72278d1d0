// RecipientStatus: a campaign recipient's status, its own before it was fed and its message's after.
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { RECIPIENT_STATUSES } from '../../core/inputs/campaigns.ts';

export const RecipientStatus = builder.enumType('RecipientStatus', {
  description: 'A recipient’s status: its own before it was fed, its message’s after. SKIPPED filters both skipped states.',
  values: upperCaseValues([...RECIPIENT_STATUSES, 'skipped'] as const),
});
