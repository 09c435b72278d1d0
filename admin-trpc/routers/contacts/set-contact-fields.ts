// contacts.setFields: a contact's field values set or cleared, as PATCH /v1/contacts/{id}/fields.
import { memberProcedure, asMember } from '../../trpc.ts';
import { withId } from '../../inputs.ts';
import { access, setContactFieldValues as run, ZSetContactFieldValuesBody } from '../../../core/app/contacts/set-contact-field-values.ts';
import { ZContactAnswer } from './outputs.ts';

export const setContactFields = memberProcedure
  .input(withId(ZSetContactFieldValuesBody))
  .output(ZContactAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
