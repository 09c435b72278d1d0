// webhooks.deliveries: the delivery log, newest first, filtered by endpoint, event type or status.
import { memberProcedure, asMember } from '../../trpc.ts';
import { listDeliveries as run, readAccess } from '../../../core/app/webhooks/delivery-log.ts';
import { ZDeliveryPage } from './outputs.ts';
import { ZListDeliveriesQuery } from '../../../core/inputs/webhooks.ts';

export const listDeliveries = memberProcedure
  .input(ZListDeliveriesQuery)
  .output(ZDeliveryPage)
  .query(({ ctx, input }) => asMember(ctx.actor, readAccess, () => run(ctx.ctx, ctx.actor, input)));
