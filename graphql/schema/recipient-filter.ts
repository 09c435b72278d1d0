// RecipientFilter: a campaign's recipients narrowed to a status or to numbers that start alike.
import { builder } from '../builder.ts';
import { RecipientStatus } from './recipient-status.ts';

export const RecipientFilter = builder.inputType('RecipientFilter', {
  description: 'Narrows a campaign’s recipients: a recipient is listed when it matches every field given.',
  fields: (t) => ({
    status: t.field({ type: RecipientStatus, description: 'Only the recipients in this status (SKIPPED: both skipped states).' }),
    search: t.string({
      description: 'Only the numbers that start so (0754, +255 754 or 754; at most 20 characters). Needs a member with contacts.read; anyone else is refused (forbidden).',
    }),
  }),
});
