// contacts.delete: the contact goes, its consent history and opt-outs stay, as DELETE /v1/contacts/{id}.
import { z } from 'zod';
import { ZDeleted } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { access, deleteContact as run } from '../../../core/app/contacts/delete-contact.ts';

export const deleteContact = memberProcedure
  .input(z.strictObject({ id: ZId }))
  .output(ZDeleted)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
