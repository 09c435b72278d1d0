// contacts.list: contacts newest first, searched by number or filtered by group, as GET /v1/contacts.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, listContacts as run } from '../../../core/app/contacts/list-contacts.ts';
import { ZContactPage } from './outputs.ts';
import { ZListContactsQuery } from '../../../core/inputs/contacts.ts';

export const listContacts = memberProcedure
  .input(ZListContactsQuery)
  .output(ZContactPage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
