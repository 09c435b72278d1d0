// contacts.get: one contact, as GET /v1/contacts/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, getContact as run } from '../../../core/app/contacts/get-contact.ts';
import { ZContactAnswer } from './outputs.ts';

export const getContact = memberProcedure
  .input(ZIdInput)
  .output(ZContactAnswer)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
