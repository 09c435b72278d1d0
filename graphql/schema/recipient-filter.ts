// RecipientFilter: a campaign's recipients narrowed to a status or to numbers that start alike.
import { builder } from '../builder.ts';
import { RecipientStatus } from './recipient-status.ts';

export const RecipientFilter = builder.inputType('RecipientFilter', {
  fields: (t) => ({
    status: t.field({ type: RecipientStatus }),
    search: t.string({ description: 'The start of a number (needs contacts.read).' }),
  }),
});
