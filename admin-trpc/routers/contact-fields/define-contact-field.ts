// contactFields.define: a new contact field, as POST /v1/contact-fields (the key is optional there too).
import { ZReplay } from '../../outputs.ts';
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdempotencyKey, once } from '../../idempotency.ts';
import { access, defineContactField as run, ZDefineContactFieldBody } from '../../../core/app/contacts/save-contact-field.ts';
import { ZContactFieldAnswer } from './outputs.ts';

export const defineContactField = memberProcedure
  .input(ZDefineContactFieldBody.extend({ idempotencyKey: ZIdempotencyKey.optional() }))
  .output(ZContactFieldAnswer.extend(ZReplay))
  .mutation(({ ctx, input }) => {
    const { idempotencyKey: _key, ...body } = input;
    return asMember(ctx.actor, access, () => once(ctx.ctx, ctx.actor, 'contactFields.define', input, (tx) => run(tx, ctx.actor, body)));
  });
