// contactFields.list: the organization's contact fields, by name, as GET /v1/contact-fields.
import { z } from 'zod';
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listContactFields as run } from '../../../core/app/contacts/list-contact-fields.ts';
import { ZContactFieldList } from './outputs.ts';

export const listContactFields = memberProcedure
  .input(z.strictObject({}).optional())
  .output(ZContactFieldList)
  .query(({ ctx }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor)));
