// contactFields.delete: the field and every contact's value of it go, as DELETE /v1/contact-fields/{id}.
import { ZDeleted } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, deleteContactField as run } from '../../../core/app/contacts/delete-contact-field.ts';

export const deleteContactField = memberProcedure
  .input(ZIdInput)
  .output(ZDeleted)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
