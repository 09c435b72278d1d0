// contacts.delete: the contact goes, its consent history and opt-outs stay, as DELETE /v1/contacts/{id}.
import { ZDeleted } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, deleteContact as run } from '../../../core/app/contacts/delete-contact.ts';

export const deleteContact = memberProcedure
  .input(ZIdInput)
  .output(ZDeleted)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
