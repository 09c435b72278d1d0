// inbox.list and inbox.get: inbound messages as GET /v1/inbound-messages and /v1/inbound-messages/{id}.
import { memberProcedure, asMember } from '../../trpc.ts';
import { ZIdInput } from '../../inputs.ts';
import { access, getInbound as runGet, listInbound as runList } from '../../../core/app/inbound/list-inbound.ts';
import { ZListInboundQuery } from '../../../core/inputs/inbound.ts';
import { ZInboundMessage, ZInboundPage } from './outputs.ts';

export const listInbound = memberProcedure
  .input(ZListInboundQuery)
  .output(ZInboundPage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => runList(ctx.ctx, ctx.actor, input)));

export const getInbound = memberProcedure
  .input(ZIdInput)
  .output(ZInboundMessage)
  .query(({ ctx, input }) => asMember(ctx.actor, access, () => runGet(ctx.ctx, ctx.actor, input.id)));
