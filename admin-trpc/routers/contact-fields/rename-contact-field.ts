// contactFields.rename: a new name, unique in the organization ignoring case, as PATCH /v1/contact-fields/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { withId } from '../../inputs.ts';
import { access, renameContactField as run, ZRenameContactFieldBody } from '../../../core/app/contacts/save-contact-field.ts';
import { ZContactFieldAnswer } from './outputs.ts';

export const renameContactField = memberProcedure
  .input(withId(ZRenameContactFieldBody))
  .output(ZContactFieldAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
