// contacts.get: one contact, as GET /v1/contacts/{id}.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/app/paging.ts';
import { access, getContact as run } from '../../../core/app/contacts/get-contact.ts';
import { ZContactAnswer } from './outputs.ts';

export const getContact = memberProcedure
  .input(z.strictObject({ id: ZId }))
  .output(ZContactAnswer)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input.id)));
