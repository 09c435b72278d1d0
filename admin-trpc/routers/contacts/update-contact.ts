// contacts.update: the name, or consent recorded or withdrawn, as PATCH /v1/contacts/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZUpdateContactBody } from '../../../core/inputs/contacts.ts';
import { access, updateContact as run } from '../../../core/app/contacts/update-contact.ts';
import { ZContactAnswer } from './outputs.ts';

export const updateContact = memberProcedure
  .input(ZUpdateContactBody.extend({ id: ZId }))
  .output(ZContactAnswer)
  .mutation(({ ctx, input: { id, ...body } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, body)));
