// contacts.create: a contact with optional consent and groups, as POST /v1/contacts (the key is optional there too).
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { access, createContact as run } from '../../../core/app/contacts/create-contact.ts';
import { ZContactAnswer } from './outputs.ts';
import { ZCreateContactBody } from '../../../core/inputs/contacts.ts';

export const createContact = memberProcedure
  .input(ZCreateContactBody.extend({ idempotencyKey: ZIdempotencyKey.optional() }))
  .output(ZContactAnswer.extend(ZReplay))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, ...body } = input;
    return asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'contacts.create', input, (tx) => run(tx, ctx.actor, body)));
  });
