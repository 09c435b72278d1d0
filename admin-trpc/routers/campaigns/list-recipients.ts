// campaigns.recipients: a launched campaign's recipients in audience order, by status or number, as GET /v1/campaigns/{id}/messages.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZId } from '../../../core/inputs/common.ts';
import { ZListRecipientsQuery } from '../../../core/inputs/campaigns.ts';
import { access, listRecipients as run } from '../../../core/app/campaigns/recipients.ts';
import { ZRecipientPage } from './outputs.ts';

export const listRecipients = memberProcedure
  .input(ZListRecipientsQuery.extend({ id: ZId }))
  .output(ZRecipientPage)
  .query(({ ctx, input: { id, ...query } }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, id, query)));
