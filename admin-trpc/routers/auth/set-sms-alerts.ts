// auth.setSmsAlerts: the SMS alerts the signed-in member chooses for themselves (sent to their verified phone).
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, setSmsAlerts as run, ZSetSmsAlertsBody } from '../../../core/app/auth/set-sms-alerts.ts';
import { ZSmsAlertsSet } from './outputs.ts';

export const setSmsAlerts = memberProcedure
  .input(ZSetSmsAlertsBody)
  .output(ZSmsAlertsSet)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
